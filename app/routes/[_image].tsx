import type { LoaderFunctionArgs } from "@remix-run/node";
import { imageResponse } from "~/server/images/image-response";

/** `/_image?url=…&w=…&q=…`: the image optimiser (spec 001 §7). `[_image]` escapes the underscore, which would otherwise make a pathless layout. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return imageResponse(request, context);
}

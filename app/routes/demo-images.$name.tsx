import type { LoaderFunctionArgs } from "@remix-run/node";
import { demoImageResponse } from "~/server/images/local-responses";

/** `/demo-images/<name>.svg`: the demo stock's drawn photos. */
export async function loader({ params }: LoaderFunctionArgs) {
  return demoImageResponse(params.name);
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { robotsResponse } from "~/server/handlers/seo/seo-files";

/** /robots.txt of the requesting site. */
export function loader({ context }: LoaderFunctionArgs) {
  return robotsResponse(context);
}

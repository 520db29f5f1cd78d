import type { LoaderFunctionArgs } from "@remix-run/node";
import { visitBeacon } from "~/server/handlers/visitor/visit-beacon";

/** The visit beacon every page loads as an image: visited pages, first query and page-view events. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return visitBeacon(request, context);
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { goCall } from "~/server/handlers/events/go";

/** Click-to-call (event 25) recorded without JavaScript, then the tel: link. */
export async function loader(args: LoaderFunctionArgs) {
  return goCall(args);
}

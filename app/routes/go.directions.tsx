import type { LoaderFunctionArgs } from "@remix-run/node";
import { goDirections } from "~/server/handlers/events/go";

/** Get directions (event 41) recorded without JavaScript, then the location's map. */
export async function loader(args: LoaderFunctionArgs) {
  return goDirections(args);
}

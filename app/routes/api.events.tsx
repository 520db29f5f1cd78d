import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { postEvent } from "~/server/handlers/events/api-events";

/** spec 001 §7 analytics events call. */
export async function loader() {
  return json({ error: "Method not allowed." }, { status: 405, headers: { Allow: "POST" } });
}

export async function action(args: ActionFunctionArgs) {
  return postEvent(args);
}

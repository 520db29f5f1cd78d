import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { postPhoneCall } from "~/server/handlers/events/phone-call";

/** spec 001 §7 `POST {base}/api/events/car_phone_call`: logs a phone call about a car (event 25). */
export async function loader() {
  return json({ error: "Method not allowed." }, { status: 405, headers: { Allow: "POST" } });
}

export async function action(args: ActionFunctionArgs) {
  return postPhoneCall(args);
}

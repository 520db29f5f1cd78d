import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { saveConsent } from "~/server/handlers/events/consent";

/** The consent banner's form target; a GET just goes home. */
export async function loader() {
  return redirect("/");
}

export async function action(args: ActionFunctionArgs) {
  return saveConsent(args);
}

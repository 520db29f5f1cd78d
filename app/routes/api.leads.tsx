import type { ActionFunctionArgs } from "@remix-run/node";
import { createLeadFromJson } from "~/server/handlers/leads/api";
import { methodNotAllowed } from "~/server/handlers/shared/api-answers";

/** spec 001 §7 POST /api/leads: body {lead:{…}}, answers 201 {id}. */
export async function loader() {
  return methodNotAllowed("POST");
}

export async function action(args: ActionFunctionArgs) {
  return createLeadFromJson(args, { mock: false });
}

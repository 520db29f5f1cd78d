import type { ActionFunctionArgs } from "@remix-run/node";
import { updateLeadFromJson } from "~/server/handlers/leads/api";
import { methodNotAllowed } from "~/server/handlers/shared/api-answers";

/** spec 001 §7 PUT /api/leads/{lead_id}: updates one of this tenant's leads. */
export async function loader() {
  return methodNotAllowed("PUT");
}

export async function action(args: ActionFunctionArgs) {
  return updateLeadFromJson(args, { mock: false });
}

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { updateLeadFromJson } from "~/server/handlers/leads/api";
import { apiNotFound, methodNotAllowed } from "~/server/handlers/shared/api-answers";
import { mockLeadsEnabled } from "~/server/handlers/shared/switches";

/** spec 001 §7 mock mode: PUT /mock/leads/{lead_id} on a mock lead; 404 unless MOCK_LEADS. */
export async function loader({ context }: LoaderFunctionArgs) {
  return mockLeadsEnabled(context) ? methodNotAllowed("PUT") : apiNotFound();
}

export async function action(args: ActionFunctionArgs) {
  if (!mockLeadsEnabled(args.context)) return apiNotFound();
  return updateLeadFromJson(args, { mock: true });
}

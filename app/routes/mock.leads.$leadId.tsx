import type { ActionFunctionArgs } from "@remix-run/node";
import { apiNotFound, mockLeadsEnabled, updateLeadFromJson, methodNotAllowed } from "../../server/leads-http/api";

/** spec 001 §7 mock mode: PUT /mock/leads/{lead_id} on a mock lead; 404 unless MOCK_LEADS. */
export async function loader() {
  return mockLeadsEnabled() ? methodNotAllowed("PUT") : apiNotFound();
}

export async function action(args: ActionFunctionArgs) {
  if (!mockLeadsEnabled()) return apiNotFound();
  return updateLeadFromJson(args, { mock: true });
}

import type { ActionFunctionArgs } from "@remix-run/node";
import { apiNotFound, mockLeadsEnabled, createLeadFromJson, methodNotAllowed } from "../../server/leads-http/api";

/** spec 001 §7 mock mode: POST /mock/leads, stored with mock=1 and never delivered; 404 unless MOCK_LEADS. */
export async function loader() {
  return mockLeadsEnabled() ? methodNotAllowed("POST") : apiNotFound();
}

export async function action(args: ActionFunctionArgs) {
  if (!mockLeadsEnabled()) return apiNotFound();
  return createLeadFromJson(args, { mock: true });
}

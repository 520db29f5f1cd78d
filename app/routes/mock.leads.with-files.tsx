import type { ActionFunctionArgs } from "@remix-run/node";
import { apiNotFound, mockLeadsEnabled, createLeadWithFiles, methodNotAllowed } from "../../server/leads-http/api";

/** spec 001 §7 mock mode: POST /mock/leads/with-files; 404 unless MOCK_LEADS. */
export async function loader() {
  return mockLeadsEnabled() ? methodNotAllowed("POST") : apiNotFound();
}

export async function action(args: ActionFunctionArgs) {
  if (!mockLeadsEnabled()) return apiNotFound();
  return createLeadWithFiles(args, { mock: true });
}

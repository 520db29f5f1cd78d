import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFound, mockLeadsEnabled, updateLeadFromJson, methodNotAllowed } from "~/server/handlers/leads/api";

/** spec 001 §7 mock mode: PUT /mock/leads/{lead_id} on a mock lead; 404 unless MOCK_LEADS. */
export async function loader({ context }: LoaderFunctionArgs) {
  return mockLeadsEnabled(context) ? methodNotAllowed("PUT") : apiNotFound();
}

export async function action(args: ActionFunctionArgs) {
  if (!mockLeadsEnabled(args.context)) return apiNotFound();
  return updateLeadFromJson(args, { mock: true });
}

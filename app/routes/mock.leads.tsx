import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createLeadFromJson } from "~/server/handlers/leads/api";
import { apiNotFound, methodNotAllowed } from "~/server/handlers/shared/api-answers";
import { mockLeadsEnabled } from "~/server/handlers/shared/switches";

/** spec 001 §7 mock mode: POST /mock/leads, stored with mock=1 and never delivered; 404 unless MOCK_LEADS. */
export async function loader({ context }: LoaderFunctionArgs) {
  return mockLeadsEnabled(context) ? methodNotAllowed("POST") : apiNotFound();
}

export async function action(args: ActionFunctionArgs) {
  if (!mockLeadsEnabled(args.context)) return apiNotFound();
  return createLeadFromJson(args, { mock: true });
}

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createLeadWithFiles } from "~/server/handlers/leads/api";
import { apiNotFound, methodNotAllowed } from "~/server/handlers/shared/api-answers";
import { mockLeadsEnabled } from "~/server/handlers/shared/switches";

/** spec 001 §7 mock mode: POST /mock/leads/with-files; 404 unless MOCK_LEADS. */
export async function loader({ context }: LoaderFunctionArgs) {
  return mockLeadsEnabled(context) ? methodNotAllowed("POST") : apiNotFound();
}

export async function action(args: ActionFunctionArgs) {
  if (!mockLeadsEnabled(args.context)) return apiNotFound();
  return createLeadWithFiles(args, { mock: true });
}

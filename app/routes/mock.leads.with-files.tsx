import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFound, mockLeadsEnabled, createLeadWithFiles, methodNotAllowed } from "~/server/handlers/leads/api";

/** spec 001 §7 mock mode: POST /mock/leads/with-files; 404 unless MOCK_LEADS. */
export async function loader({ context }: LoaderFunctionArgs) {
  return mockLeadsEnabled(context) ? methodNotAllowed("POST") : apiNotFound();
}

export async function action(args: ActionFunctionArgs) {
  if (!mockLeadsEnabled(args.context)) return apiNotFound();
  return createLeadWithFiles(args, { mock: true });
}

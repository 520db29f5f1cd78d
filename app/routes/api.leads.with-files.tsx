import type { ActionFunctionArgs } from "@remix-run/node";
import { createLeadWithFiles } from "~/server/handlers/leads/api";
import { methodNotAllowed } from "~/server/handlers/shared/api-answers";

/** spec 001 §7 POST /api/leads/with-files: multipart, a `lead` JSON field plus files. */
export async function loader() {
  return methodNotAllowed("POST");
}

export async function action(args: ActionFunctionArgs) {
  return createLeadWithFiles(args, { mock: false });
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { qaLeadsByEmail } from "~/server/handlers/qa/readback";

/** QA read-back: GET /api/qa/leads?email=… (404 unless QA_TOKEN is set and presented). */
export async function loader(args: LoaderFunctionArgs) {
  return qaLeadsByEmail(args);
}

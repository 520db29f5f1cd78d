import type { LoaderFunctionArgs } from "@remix-run/node";
import { qaLeadById } from "~/server/handlers/qa/readback";

/** QA read-back: GET /api/qa/leads/{lead id} (404 unless QA_TOKEN is set and presented). */
export async function loader(args: LoaderFunctionArgs) {
  return qaLeadById(args);
}

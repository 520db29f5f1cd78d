import type { LoaderFunctionArgs } from "@remix-run/node";
import { qaMailbox } from "~/server/handlers/qa/readback";

/** QA read-back: GET /api/qa/mailbox?to=… (404 unless QA_TOKEN is set and presented). */
export async function loader(args: LoaderFunctionArgs) {
  return qaMailbox(args);
}

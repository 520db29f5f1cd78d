import { createHmac } from "node:crypto";

export const SIGNATURE_HEADER = "X-Forecourt-Signature";

/** `sha256=<hex HMAC-SHA256 of the raw body>`, the receiver recomputes it with the shared secret. */
export function signBody(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

export type OutgoingRequest = { url: string; method: "POST"; headers: Record<string, string>; body: string };

/** spec 001 §7: the lead call body is {lead:{...}}; all requests send Accept: application/json. */
export function webhookRequest(url: string, payload: string, secret: string, idempotencyKey: string): OutgoingRequest {
  const body = `{"lead":${payload}}`;
  return {
    url,
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json",
      "Idempotency-Key": idempotencyKey,
      [SIGNATURE_HEADER]: signBody(body, secret),
    },
    body,
  };
}

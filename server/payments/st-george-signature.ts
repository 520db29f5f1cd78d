import { createHmac } from "node:crypto";

/**
 * St George's Internet Payment Gateway is Fiserv's IPG; its hosted page is IPG Connect. Both hashes are Base64
 * HMAC-SHA256 under the store's shared secret (hash_algorithm=HMACSHA256):
 * - the request's `hashExtended`: the values of every posted field except the hash itself, ordered by field name, joined with "|";
 * - the notification's `notification_hash`: chargetotal|currency|txndatetime|storename|approval_code.
 */
export function connectRequestHash(secret: string, fields: Record<string, string>): string {
  const message = Object.keys(fields)
    .filter((name) => name !== "hashExtended")
    .sort()
    .map((name) => fields[name] ?? "")
    .join("|");
  return createHmac("sha256", secret).update(message, "utf8").digest("base64");
}

export function connectNotificationHash(
  secret: string,
  fields: { chargetotal: string; currency: string; txndatetime: string; storename: string; approval_code: string },
): string {
  const message = [fields.chargetotal, fields.currency, fields.txndatetime, fields.storename, fields.approval_code].join("|");
  return createHmac("sha256", secret).update(message, "utf8").digest("base64");
}

/** The IPG REST API's Message-Signature (used for refunds): Base64 HMAC-SHA256 of apiKey + Client-Request-Id + Timestamp + body under the API secret. */
export function restMessageSignature(
  apiSecret: string,
  parts: { apiKey: string; clientRequestId: string; timestamp: string; body: string },
): string {
  return createHmac("sha256", apiSecret)
    .update(parts.apiKey + parts.clientRequestId + parts.timestamp + parts.body, "utf8")
    .digest("base64");
}

/** ISO 4217 numeric codes, which IPG Connect's `currency` field takes. */
export const NUMERIC_CURRENCY: Record<string, string> = { AUD: "036", NZD: "554", USD: "840" };

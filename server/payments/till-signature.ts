import { createHash, createHmac } from "node:crypto";

/**
 * Till Payments Gateway API v3 request signing (gateway.tillpayments.com/documentation/apiv3, the IXOPAY
 * platform): Base64 of the binary HMAC-SHA512, under the connector's shared secret, of
 * `METHOD\nmd5hex(body)\ncontent-type\ndate\nrequest-uri`. Till signs its status callbacks the same way
 * (X-Signature and Date headers), so one function serves our requests, the callback check and the fake.
 */
export function tillSignature(
  secret: string,
  parts: { method: string; body: string; contentType: string; date: string; requestUri: string },
): string {
  const bodyHash = createHash("md5").update(parts.body, "utf8").digest("hex");
  const message = [parts.method.toUpperCase(), bodyHash, parts.contentType, parts.date, parts.requestUri].join("\n");
  return createHmac("sha512", secret).update(message, "utf8").digest("base64");
}

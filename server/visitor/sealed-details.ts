import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { storedUserDetailsSchema, type StoredUserDetails } from "./context";

// The details a visitor typed (name, email, phone, postcode) ride in fc_visitor only
// encrypted (AES-256-GCM; the key derived from the session secret), never as readable base64. The
// cookie is also signed, so this guards what it says, not whether it was changed.

const VERSION = "v1";

function keyFor(secret: string): Buffer {
  return createHash("sha256").update(`fc_visitor details|${secret}`).digest();
}

/** The details sealed with the first (current) secret: "v1.<iv>.<tag>.<ciphertext>", base64url. */
export function sealDetails(details: StoredUserDetails, secrets: readonly string[]): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(secrets[0] ?? ""), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(details), "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

/** The details, trying every secret (rotation); empty when sealed with none of them or malformed. */
export function openDetails(sealed: string, secrets: readonly string[]): StoredUserDetails {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || body === undefined) return {};
  for (const secret of secrets) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", keyFor(secret), Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      const text = Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
      const parsed = storedUserDetailsSchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : {};
    } catch {
      // another secret, or not ours
    }
  }
  return {};
}

import { createHash } from "node:crypto";

/** A host key blob's fingerprint as `ssh-keygen -lf` prints it: `SHA256:` and unpadded base64. */
export function hostKeyFingerprint(key: Uint8Array): string {
  return `SHA256:${createHash("sha256").update(key).digest("base64").replace(/=+$/, "")}`;
}

/**
 * Why a presented host key is refused, in one line naming the host and both fingerprints; null when
 * it is accepted. No expected fingerprint (site.json `host_key_sha256` unset) accepts any key.
 */
export function hostKeyRefusal(host: string, expected: string | null, presented: string): string | null {
  if (expected === null || expected === presented) return null;
  return `host key of ${host} is ${presented}, but site.json stock_feed.host_key_sha256 expects ${expected}; not connected`;
}

import { createHash, timingSafeEqual } from "node:crypto";
import type { Tenant } from "~/server/tenants/load";

/** The header a partner's server sends the tenant's lead API key in. */
export const API_KEY_HEADER = "x-api-key";

/** Compared as digests so the time taken says nothing about the key (constant time, any length). */
export function sameKey(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * A call to the JSON lead API from outside the tenant's pages needs the tenant's key,
 * read from the environment variable site.json names (`lead_api_key_env`). No variable, no key.
 */
export function apiKeyMatches(given: string | null, tenant: Tenant, environment: NodeJS.ProcessEnv = process.env): boolean {
  const name = tenant.site.lead_api_key_env;
  const expected = name ? environment[name] : undefined;
  if (!given || !expected) return false;
  return sameKey(given, expected);
}

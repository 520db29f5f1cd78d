import type { Tenant } from "~/server/tenants/load";

export type MeilisearchConnection = { host: string; apiKey: string | undefined };

/** The platform-wide Meilisearch (MEILISEARCH_HOST / MEILISEARCH_API_KEY), read once at start. */
export type MeilisearchDefaults = { MEILISEARCH_HOST?: string; MEILISEARCH_API_KEY?: string };

/**
 * Where a tenant's Meilisearch lives: the site's own search host (key from the variable named by
 * key_env, spec 001 §7 "host and key come from site configuration"), else MEILISEARCH_HOST with
 * MEILISEARCH_API_KEY; null when neither is set, so the embedded engine answers.
 */
export function meilisearchConnectionFor(
  tenant: Tenant,
  defaults: MeilisearchDefaults,
  environment: NodeJS.ProcessEnv = process.env,
): MeilisearchConnection | null {
  const { host, key_env: keyEnv } = tenant.site.search;
  if (host) return { host, apiKey: keyEnv ? environment[keyEnv] : undefined };
  if (defaults.MEILISEARCH_HOST) return { host: defaults.MEILISEARCH_HOST, apiKey: defaults.MEILISEARCH_API_KEY };
  return null;
}

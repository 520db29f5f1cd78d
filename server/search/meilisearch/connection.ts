import { env } from "../../lib/env";
import type { Tenant } from "../../tenants/load";

export type MeilisearchConnection = { host: string; apiKey: string | undefined };

/**
 * Where a tenant's Meilisearch lives: the site's own search host (key from the variable named by
 * key_env, spec 001 §7 "host and key come from site configuration"), else MEILISEARCH_HOST with
 * MEILISEARCH_API_KEY; null when neither is set, so the embedded engine answers.
 */
export function meilisearchConnectionFor(tenant: Tenant, environment: NodeJS.ProcessEnv = process.env): MeilisearchConnection | null {
  const { host, key_env: keyEnv } = tenant.site.search;
  if (host) return { host, apiKey: keyEnv ? environment[keyEnv] : undefined };
  const { MEILISEARCH_HOST, MEILISEARCH_API_KEY } = env();
  if (MEILISEARCH_HOST) return { host: MEILISEARCH_HOST, apiKey: MEILISEARCH_API_KEY };
  return null;
}


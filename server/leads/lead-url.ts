import { normaliseHost } from "~/server/tenants/resolve";
import type { Tenant } from "~/server/tenants/load";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** The hosts a tenant's pages are served from (server/tenants/resolve.ts: domains, `<slug>.localhost`, local hosts). */
function tenantHosts(tenant: Tenant): Set<string> {
  const hosts = new Set([...tenant.site.domains.map((domain) => domain.toLowerCase()), `${tenant.slug}.localhost`, ...LOCAL_HOSTS]);
  const siteHost = normaliseHost(URL.canParse(tenant.site.url) ? new URL(tenant.site.url).host : null);
  if (siteHost) hosts.add(siteHost);
  return hosts;
}

/**
 * The stored `url` of a lead (spec 001 §3, the page it was sent from) is a link a dealer
 * clicks, so only an http(s) page of this tenant is kept; anything else (`javascript:`, another
 * site) is dropped as null.
 */
export function tenantPageUrl(raw: string, tenant: Tenant): string | null {
  if (!URL.canParse(raw)) return null;
  const url = new URL(raw);
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const host = normaliseHost(url.host);
  return host !== null && tenantHosts(tenant).has(host) ? url.toString() : null;
}

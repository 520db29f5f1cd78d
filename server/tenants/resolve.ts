import type { Tenant } from "./load";

export type ResolveOptions = {
  defaultTenant: string;
  trustProxy: boolean;
};

/** Lowercase host without port; IPv6 literals keep their brackets. */
export function normaliseHost(host: string | null | undefined): string | null {
  if (!host) return null;
  const first = host.split(",")[0]?.trim().toLowerCase() ?? "";
  if (first === "") return null;
  if (first.startsWith("[")) {
    const end = first.indexOf("]");
    return end === -1 ? null : first.slice(0, end + 1);
  }
  const colon = first.indexOf(":");
  const bare = colon === -1 ? first : first.slice(0, colon);
  return bare.replace(/\.$/, "") || null;
}

export class TenantDirectory {
  private readonly byDomain = new Map<string, Tenant>();
  private readonly bySlug = new Map<string, Tenant>();

  constructor(
    readonly tenants: readonly Tenant[],
    private readonly options: ResolveOptions,
  ) {
    for (const tenant of tenants) {
      this.bySlug.set(tenant.slug, tenant);
      for (const domain of tenant.site.domains) this.byDomain.set(domain.toLowerCase(), tenant);
    }
  }

  get(slug: string): Tenant | undefined {
    return this.bySlug.get(slug);
  }

  /** Host → tenant: exact domain, `<slug>.localhost`, then localhost/127.0.0.1 as the default tenant. */
  resolveHost(rawHost: string | null | undefined): Tenant | undefined {
    const host = normaliseHost(rawHost);
    if (!host) return undefined;
    const exact = this.byDomain.get(host);
    if (exact) return exact;
    if (host.endsWith(".localhost")) {
      const sub = host.slice(0, -".localhost".length);
      return this.bySlug.get(sub);
    }
    if (host === "localhost" || host === "127.0.0.1" || host === "[::1]") {
      return this.bySlug.get(this.options.defaultTenant);
    }
    return undefined;
  }

  /** The request's tenant; X-Forwarded-Host counts only behind a trusted proxy. */
  resolveRequest(headers: Headers): Tenant | undefined {
    const forwarded = this.options.trustProxy ? headers.get("x-forwarded-host") : null;
    return this.resolveHost(forwarded ?? headers.get("host"));
  }
}

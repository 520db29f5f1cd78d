import { pingDb } from "~/server/db/index";
import type { SearchReadiness } from "~/server/search/backend";
import type { Services } from "~/server/services";

export type Readiness = {
  status: 200 | 503;
  body: { ok: boolean; db: "ok" | "down"; search: Record<string, SearchReadiness> };
};

/**
 * GET /readyz: this instance can serve shoppers — the database takes a write, and every tenant's
 * search answers (its embedded index is built, or its Meilisearch is reachable). A load balancer or
 * the image's HEALTHCHECK sends traffic only while it is 200; /healthz stays the check that the
 * process answers. The first call starts any index build not yet started, so readiness follows
 * within one build time of the first probe.
 */
export async function readiness(services: Pick<Services, "db" | "search" | "tenants">): Promise<Readiness> {
  const tenants = services.tenants.tenants;
  const [db, searches] = await Promise.all([
    pingDb(services.db).catch(() => false),
    Promise.all(tenants.map((tenant) => services.search.ready(tenant).catch((): SearchReadiness => "down"))),
  ]);
  const search: Record<string, SearchReadiness> = {};
  tenants.forEach((tenant, i) => (search[tenant.slug] = searches[i]));
  const ok = db && searches.every((state) => state === "ready");
  return { status: ok ? 200 : 503, body: { ok, db: db ? "ok" : "down", search } };
}

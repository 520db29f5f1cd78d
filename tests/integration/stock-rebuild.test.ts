import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { watchStock } from "~/server/inventory/stock-watcher";
import { logger } from "~/server/lib/logger";
import { searchIndexUid } from "~/server/search/queries";
import type { Services } from "~/server/services";
import { loadTenants, type Tenant } from "~/server/tenants/load";
import { TenantDirectory } from "~/server/tenants/resolve";
import { generateStock } from "../../scripts/lib/demo-stock";
import { servicesFor } from "./support/services";
import { openTestDb, type TestDb } from "./support/test-db";

// While an import's new index is built, searches keep answering from the previous one —
// never an empty result, never an error — and the new stock is what they see after the swap.

const harbourside = loadTenants().find((tenant) => tenant.slug === "harbourside") as Tenant;
// demo_stock: servicesFor searches such tenants from the database, as production does every tenant
// (for other fixture tenants it reads their stock.json, here harbourside's, which the imports never touch).
const tenant: Tenant = { ...harbourside, slug: "rebuild", site: { ...harbourside.site, slug: "rebuild", domains: [], demo_stock: true } };

let testDb: TestDb;
let services: Services;

beforeAll(async () => {
  testDb = await openTestDb();
  services = await servicesFor({
    tenants: new TenantDirectory([tenant], { defaultTenant: "rebuild", trustProxy: false }),
    db: testDb.handle,
  });
}, 60_000);

afterAll(async () => {
  await testDb?.cleanup();
});

const feedOf = (vehicles: unknown[]) => ({ bytes: Buffer.from(JSON.stringify({ vehicles })), format: "json" as const });

describe("searches during an index rebuild", () => {
  it("always answer, from the old stock until the swap and the new stock after it", async () => {
    const now = Date.now();
    const first = generateStock(tenant, { now, count: 3_000 });
    expect((await services.importStock(tenant, feedOf(first), { source: "test", force: true })).outcome).toBe("applied");
    const watcher = watchStock({ store: services.stock, search: services.search, log: logger, intervalMs: 3_600_000 });
    await watcher.poll();

    const backend = services.search.backendFor(tenant);
    const query = { indexUid: searchIndexUid(tenant), q: "", limit: 1, filter: ["make = Zedcar"] };
    const before = (await backend.multiSearch(tenant, [{ indexUid: searchIndexUid(tenant), limit: 1 }]))[0].estimatedTotalHits;
    expect(before).toBeGreaterThan(1_000);
    expect((await backend.multiSearch(tenant, [query]))[0].estimatedTotalHits).toBe(0);

    // The second feed renames 200 cars' make; it is committed, and then this instance rebuilds.
    const second = first.map((vehicle, index) => (index < 200 ? { ...vehicle, make: "Zedcar" } : vehicle));
    expect((await services.importStock(tenant, feedOf(second), { source: "test" })).outcome).toBe("applied");

    const seen: Array<{ all: number; zed: number }> = [];
    let searching = true;
    const loop = (async () => {
      while (searching) {
        const [everything, zed] = await backend.multiSearch(tenant, [{ indexUid: searchIndexUid(tenant), limit: 1 }, query]);
        seen.push({ all: everything.estimatedTotalHits, zed: zed.estimatedTotalHits });
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await watcher.poll();
    searching = false;
    await loop;
    await watcher.stop();

    // Searches were answered while the index was being built (it yields between columns)...
    expect(seen.length).toBeGreaterThan(5);
    // ...every one with the whole stock: the old index until the swap, the new one after it.
    expect(seen.every((result) => result.all === before)).toBe(true);
    const firstNew = seen.findIndex((result) => result.zed === 200);
    const beforeSwap = firstNew === -1 ? seen : seen.slice(0, firstNew);
    expect(beforeSwap.length).toBeGreaterThan(5);
    expect(beforeSwap.every((result) => result.zed === 0)).toBe(true);
    expect(seen.slice(beforeSwap.length).every((result) => result.zed === 200)).toBe(true);
    expect((await backend.multiSearch(tenant, [query]))[0].estimatedTotalHits).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "~/server/services";
import { loadTenants, type Tenant } from "~/server/tenants/load";
import { TenantDirectory } from "~/server/tenants/resolve";
import { startApp } from "./support/app-server";
import { request } from "./support/http";
import { servicesFor } from "./support/services";
import { openTestDb, type TestDb } from "./support/test-db";

// PUT /api/stock/<slug> with the dealer's bearer token.
const harbourside = loadTenants().find((tenant) => tenant.slug === "harbourside") as Tenant;
function pushSite(slug: string, tokenEnv: string): Tenant {
  return { ...harbourside, slug, site: { ...harbourside.site, slug, domains: [], stock_push: { token_env: tokenEnv } } };
}
const siteA = pushSite("push-a", "PUSH_A_TOKEN");
const siteB = pushSite("push-b", "PUSH_B_TOKEN");

let testDb: TestDb;
let services: Services;
let server: { port: number; close: () => Promise<void> };

const csv = ["Stock #,Year,Make,Model,Price,New/Used", 'P1,2022,Pushcar,Alpha,"$31,990",Used', 'P2,2023,Pushcar,Beta,"$42,500",Used'].join(
  "\n",
);

function put(host: string, path: string, body: string, headers: Record<string, string>) {
  return request(server.port, host, path, {
    method: "PUT",
    body,
    headers: { "content-length": String(Buffer.byteLength(body)), ...headers },
  });
}

beforeAll(async () => {
  process.env.PUSH_A_TOKEN = "token-for-a-0123456789";
  process.env.PUSH_B_TOKEN = "token-for-b-0123456789";
  testDb = await openTestDb();
  const directory = new TenantDirectory([siteA, siteB], { defaultTenant: "push-a", trustProxy: false });
  services = await servicesFor({ tenants: directory, db: testDb.handle });
  // A small push limit for the 413 case, set after the demo stock has been loaded.
  services.env = { ...services.env, STOCK_FEED_MAX_BYTES: 4000 };
  server = await startApp({ services });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await testDb?.cleanup();
});

describe("PUT /api/stock/<slug>", () => {
  const csvHeaders = { "content-type": "text/csv", authorization: "Bearer token-for-a-0123456789" };

  it("401 without a token or with a wrong one; 403 with another site's token", async () => {
    expect((await put("push-a.localhost", "/api/stock/push-a", csv, { "content-type": "text/csv" })).status).toBe(401);
    expect((await put("push-a.localhost", "/api/stock/push-a", csv, { ...csvHeaders, authorization: "Bearer nope" })).status).toBe(401);
    const other = await put("push-a.localhost", "/api/stock/push-a", csv, {
      ...csvHeaders,
      authorization: "Bearer token-for-b-0123456789",
    });
    expect(other.status).toBe(403);
    expect(JSON.parse(other.body)).toEqual({ error: "That token is for another site." });
    expect((await put("push-a.localhost", "/api/stock/push-b", csv, csvHeaders)).status).toBe(403);
  });

  it("413 over the size limit, 415 for another body type; nothing changes", async () => {
    const before = await services.stock.version("push-a");
    expect((await put("push-a.localhost", "/api/stock/push-a", `${csv}\n${"x".repeat(5000)}`, csvHeaders)).status).toBe(413);
    expect((await put("push-a.localhost", "/api/stock/push-a", csv, { ...csvHeaders, "content-type": "text/plain" })).status).toBe(415);
    expect(await services.stock.version("push-a")).toBe(before);
  });

  it("the first push replaces the demo; then 422 with the report when a feed would empty the listing, ?force=1 applies it", async () => {
    const demo = (await services.stock.loadVehicles("push-a")).length;
    expect(demo).toBeGreaterThan(100);
    const first = await put("push-a.localhost", "/api/stock/push-a", csv, csvHeaders);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)).toMatchObject({ outcome: "applied", demo_removed: demo, counts: { added: 2, marked_sold: 0 } });
    expect((await services.stock.loadVehicles("push-a")).map((vehicle) => vehicle.make)).toEqual(["Pushcar", "Pushcar"]);

    const other = ["Stock #,Year,Make,Model,Price,New/Used", 'P9,2024,Pushcar,Gamma,"$51,990",Used'].join("\r\n");
    const refused = await put("push-a.localhost", "/api/stock/push-a", other, csvHeaders);
    expect(refused.status).toBe(422);
    expect(JSON.parse(refused.body)).toMatchObject({ outcome: "refused" });
    expect((await services.stock.loadVehicles("push-a")).some((vehicle) => vehicle.stocknum === "P9")).toBe(false);

    const applied = await put("push-a.localhost", "/api/stock/push-a?force=1", other, csvHeaders);
    expect(applied.status).toBe(200);
    expect(JSON.parse(applied.body)).toMatchObject({ outcome: "applied", counts: { added: 1, marked_sold: 2 } });
    const after = await services.stock.loadVehicles("push-a");
    expect(after.filter((vehicle) => vehicle.status === "sold").map((vehicle) => vehicle.stocknum)).toEqual(["P1", "P2"]);
    // The other site's stock is untouched.
    expect((await services.stock.loadVehicles("push-b")).some((vehicle) => vehicle.make === "Pushcar")).toBe(false);
  });
});

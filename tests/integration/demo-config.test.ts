import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoFakesEnv, demoFakesHandler, DEMO_FAKES_PREFIX, pointTenantsAtFakes } from "~/server/fakes/demo";
import { fetchSessionData, sessionDataUrl } from "~/server/dashboard/session-data";
import { drainOutbox } from "~/server/leads/delivery/deliverer";
import type { Mailer } from "~/server/leads/delivery/mailer";
import { logger } from "~/server/lib/logger";
import { misconfiguredPartners } from "~/server/partners/client";
import { captchaWithoutSecret } from "~/server/leads/captcha-verifier";
import { saveLead } from "~/server/leads/store";
import { loadTenants } from "~/server/tenants/load";
import { openTestDb, type TestDb } from "./support/test-db";

// The demo tenants as they ship: a start without warnings, and lead destinations that deliver or are absent.
let testDb: TestDb;
let server: Server;
let port = 0;

beforeAll(async () => {
  testDb = await openTestDb();
  let handler: ReturnType<typeof demoFakesHandler> | null = null;
  server = createServer((req, res) => {
    const path = req.url ?? "/";
    if (handler && path.startsWith(`${DEMO_FAKES_PREFIX}/`)) return handler(req, res, path.slice(DEMO_FAKES_PREFIX.length));
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  handler = demoFakesHandler(port, logger.child({ test: "demo-config" }), loadTenants());
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await testDb?.cleanup();
});

describe("demo tenants as shipped", () => {
  it("switch on no partner they cannot call (no warning at start)", () => {
    for (const tenant of loadTenants()) expect(misconfiguredPartners(tenant, {}), tenant.slug).toEqual([]);
  });

  it("name no captcha whose secret a plain start lacks (no warning at start)", () => {
    for (const tenant of loadTenants()) expect(captchaWithoutSecret(tenant, {}), tenant.slug).toBe(false);
  });

  it("name no webhook or ADF address that nothing answers: leads go to the mailbox only", () => {
    for (const tenant of loadTenants()) {
      expect(tenant.site.leads.webhook, tenant.slug).toBeNull();
      expect(tenant.site.leads.adf, tenant.slug).toBeNull();
    }
  });
});

describe("DEMO_FAKES=1", () => {
  it("harbourside's leads reach the fake CRM's webhook and ADF receiver: every destination delivered, none pending", async () => {
    const tenants = loadTenants();
    pointTenantsAtFakes(tenants, port);
    const harbourside = tenants.find((tenant) => tenant.slug === "harbourside");
    if (!harbourside) throw new Error("no harbourside");
    expect(harbourside.site.leads.webhook?.url).toBe(`http://127.0.0.1:${port}${DEMO_FAKES_PREFIX}/lead-receiver/webhook`);
    const sent: string[] = [];
    const mailer: Mailer = { description: "test", send: (message) => Promise.resolve(void sent.push(String(message.to))), close: () => {} };
    const lead = { name: "Jane Citizen", email: "jane@example.com", phone: "0412345678", category: "General Enquiry" };
    await saveLead(testDb.handle.db, { tenant: harbourside, lead, mock: false, status: "Complete" });
    const result = await drainOutbox(testDb.handle.db, [harbourside], { mailer, secrets: demoFakesEnv(port) });
    expect(result).toEqual({ delivered: 4, retrying: 0, undeliverable: 0 });
    const rows = await testDb.handle.db.selectFrom("lead_outbox").select(["destination", "state"]).orderBy("destination").execute();
    expect(rows).toEqual([
      { destination: "adf", state: "delivered" },
      { destination: "adf_email", state: "delivered" },
      { destination: "notification", state: "delivered" },
      { destination: "webhook", state: "delivered" },
    ]);
  });

  it("ridgeline-moto's site notice comes from the fake dashboard's website_session_data; the other sites call no dashboard", async () => {
    const tenants = loadTenants();
    pointTenantsAtFakes(tenants, port);
    const called = tenants.filter((tenant) => sessionDataUrl(tenant.site) !== null).map((tenant) => tenant.slug);
    expect(called).toEqual(["ridgeline-moto"]);
    const ridgeline = tenants.find((tenant) => tenant.slug === "ridgeline-moto");
    const url = ridgeline ? sessionDataUrl(ridgeline.site) : null;
    expect(url).toBe(
      `http://127.0.0.1:${port}${DEMO_FAKES_PREFIX}/dashboard/api/v1/websites/${ridgeline?.site.id}/website_session_data.json`,
    );
    expect((await fetchSessionData(url ?? "")).notice).toMatchObject({ url: "/service", ends_at: null });
  });
});

import { describe, expect, it } from "vitest";
import { loadTenants } from "~/server/tenants/load";
import { TenantDirectory } from "~/server/tenants/resolve";
import { appForFile, startApp } from "./support/app-server";
import { request } from "./support/http";
import { unreachableDb } from "./support/test-db";

const tenants = loadTenants();
const directory = new TenantDirectory(tenants, { defaultTenant: "harbourside", trustProxy: false });
const server = appForFile(directory);

describe("tenant home pages", () => {
  for (const tenant of tenants) {
    it(`${tenant.slug}.localhost shows ${tenant.site.name} and no other tenant's name`, async () => {
      const reply = await request(server.port, `${tenant.slug}.localhost:3000`, "/");
      expect(reply.status).toBe(200);
      expect(reply.body).toContain(`data-testid="home-title">${tenant.site.name.replace(/&/g, "&amp;")}<`);
      for (const other of tenants) {
        if (other.slug === tenant.slug) continue;
        expect(reply.body).not.toContain(other.site.name.replace(/&/g, "&amp;"));
      }
    });
  }

  it("answers a configured domain", async () => {
    const kiwi = tenants.find((t) => t.slug === "kiwi-motors")!;
    const reply = await request(server.port, kiwi.site.domains[0]!, "/");
    expect(reply.body).toContain("Kiwi Motors");
  });

  it("sends an enforced CSP whose nonce is on every script tag", async () => {
    const reply = await request(server.port, "harbourside.localhost", "/");
    const csp = String(reply.headers["content-security-policy"]);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    const scripts = reply.body.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(reply.headers["x-content-type-options"]).toBe("nosniff");
    expect(reply.headers["referrer-policy"]).toBeTruthy();
    expect(reply.headers["strict-transport-security"]).toContain("max-age=");
  });
});

describe("unknown hosts", () => {
  it("get a plain 404 page with no tenant's data", async () => {
    const reply = await request(server.port, "unknown.example", "/");
    expect(reply.status).toBe(404);
    expect(reply.body).toContain("Site not found");
    for (const tenant of tenants) expect(reply.body).not.toContain(tenant.site.name);
  });
});

describe("/healthz", () => {
  it("answers 200 with the database up", async () => {
    const reply = await request(server.port, "anything", "/healthz");
    expect(reply.status).toBe(200);
    const body = JSON.parse(reply.body);
    expect(body).toMatchObject({ ok: true, db: "ok" });
    // Each tenant's stock state; the demo stock went in at start.
    expect(body.stock.harbourside).toEqual({ last_import: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/), status: "applied" });
  });

  it("answers 200 with the database down (the process is alive); /readyz answers 503", async () => {
    const down = await startApp({ tenants: directory, db: unreachableDb() });
    try {
      const reply = await request(down.port, "anything", "/healthz");
      expect(reply.status).toBe(200);
      expect(JSON.parse(reply.body)).toEqual({ ok: true, db: "down" });
      const ready = await request(down.port, "anything", "/readyz");
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.body)).toMatchObject({ ok: false, db: "down" });
    } finally {
      await down.close();
    }
  });
});

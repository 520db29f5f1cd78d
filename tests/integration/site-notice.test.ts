import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeDashboard, type FakeDashboard } from "~/server/fakes/dashboard";
import { html, startFormsApp, type FormsApp } from "./forms-harness";

// The dealer dashboard's website_session_data (spec 000 §7) feeds the notice above every page's header.
let app: FormsApp;
let server: Server;
let dashboard: FakeDashboard;
const TEXT = "Our workshop is booked two weeks ahead: call us to reserve your fitting.";

beforeAll(async () => {
  dashboard = createFakeDashboard({ slowMs: 5_000 });
  server = createServer((req, res) => dashboard.handle(req, res, req.url ?? "/"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  app = await startFormsApp();
  const outback = app.tenant("outback-4x4");
  outback.site.dashboard = { base_url: "http://127.0.0.1:9/unused", staging_base_url: base, staging: true };
  dashboard.websites.set(outback.site.id, { notice: { text: TEXT, url: "/contact" } });
});

afterAll(async () => {
  await app?.close();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

describe("the site notice", () => {
  it("shows the dashboard's notice above the header, from the staging host the staging flag names, fetched once", async () => {
    const home = await app.send("outback-4x4.localhost", "/");
    expect(home.status).toBe(200);
    expect(home.body).toContain(`<aside aria-label="Notice"`);
    expect(home.body).toContain(`<a class="underline underline-offset-2" href="/contact">${html(TEXT)}</a>`);
    expect(home.body.indexOf('data-testid="site-notice"')).toBeLessThan(home.body.indexOf("<header"));
    expect((await app.send("outback-4x4.localhost", "/contact")).body).toContain(html(TEXT));
    expect(dashboard.calls.map((call) => call.accept)).toEqual(["application/json"]);
  });

  it("shows none on a site without a dashboard", async () => {
    const home = await app.send("harbourside.localhost", "/");
    expect(home.status).toBe(200);
    expect(home.body).not.toContain('data-testid="site-notice"');
  });
});

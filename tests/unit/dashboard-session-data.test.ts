import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { pino } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { activeNotice, DashboardError, fetchSessionData, sessionDataUrl, type SessionData } from "~/server/dashboard/session-data";
import { createSessionDataCache, SESSION_DATA_REFRESH_MS, SESSION_DATA_RETRY_MS } from "~/server/dashboard/session-data-cache";
import { createFakeDashboard, type FakeDashboard } from "~/server/fakes/dashboard";
import { siteSchema } from "~/server/tenants/schema";

const WEBSITE_ID = 101;
const NOTICE = { text: "Closed Monday 26 January for Australia Day.", url: "/contact", ends_at: "2027-01-27T00:00:00+11:00" };

let server: Server;
let base = "";
let dashboard: FakeDashboard;

beforeAll(async () => {
  dashboard = createFakeDashboard({ slowMs: 2_000 });
  server = createServer((req, res) => dashboard.handle(req, res, (req.url ?? "/").replace(/^\/dash/, "")));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/dash`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  dashboard.mode = "ok";
  dashboard.calls.length = 0;
  dashboard.websites.clear();
  dashboard.websites.set(WEBSITE_ID, { notice: NOTICE, live_chat: "ignored" });
});

function site(dashboardConfig: { base_url: string; staging_base_url?: string | null; staging?: boolean } | null) {
  return {
    id: WEBSITE_ID,
    dashboard: dashboardConfig && { staging_base_url: null, staging: false, ...dashboardConfig },
  };
}

function logLines() {
  const lines: { level: number; msg: string; url?: string }[] = [];
  const log = pino({ level: "warn" }, { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) });
  return { log, lines };
}

describe("website_session_data address (spec 000 §7)", () => {
  it("is {dashboard}/api/v1/websites/{id}/website_session_data.json, on the staging host when the staging flag is set", () => {
    expect(sessionDataUrl(site({ base_url: "https://dash.example/" }))).toBe(
      "https://dash.example/api/v1/websites/101/website_session_data.json",
    );
    const staged = { base_url: "https://dash.example", staging_base_url: "https://staging.dash.example" };
    expect(sessionDataUrl(site(staged))).toBe("https://dash.example/api/v1/websites/101/website_session_data.json");
    expect(sessionDataUrl(site({ ...staged, staging: true }))).toBe(
      "https://staging.dash.example/api/v1/websites/101/website_session_data.json",
    );
    expect(sessionDataUrl(site(null))).toBeNull();
  });

  it("refuses a staging flag without a staging host when site.json is loaded", () => {
    const dashboardSchema = siteSchema.shape.dashboard;
    expect(dashboardSchema.safeParse({ base_url: "https://dash.example", staging: true }).success).toBe(false);
    expect(dashboardSchema.safeParse({ base_url: "https://dash.example" }).data).toEqual({
      base_url: "https://dash.example",
      staging_base_url: null,
      staging: false,
    });
  });
});

describe("fetchSessionData against a local dashboard", () => {
  const url = () => sessionDataUrl(site({ base_url: base })) ?? "";

  it("asks for JSON and reads the notice, ignoring other keys", async () => {
    expect(await fetchSessionData(url())).toEqual({ notice: NOTICE });
    expect(dashboard.calls).toEqual([{ path: `/api/v1/websites/${WEBSITE_ID}/website_session_data.json`, accept: "application/json" }]);
  });

  it("reads a site without a notice as no notice", async () => {
    dashboard.websites.set(WEBSITE_ID, {});
    expect(await fetchSessionData(url())).toEqual({ notice: null });
  });

  it("throws the generic response handler's message with the status (spec 000 §8)", async () => {
    dashboard.mode = "error";
    await expect(fetchSessionData(url())).rejects.toMatchObject({ name: "DashboardError", message: "Dashboard maintenance", status: 500 });
    dashboard.websites.clear();
    await expect(fetchSessionData(url())).rejects.toMatchObject({ message: "Website not found", status: 404 });
  });

  it("refuses an answer of another shape, an HTML page and a link that is not a site path or https", async () => {
    dashboard.mode = "junk";
    await expect(fetchSessionData(url())).rejects.toBeInstanceOf(DashboardError);
    dashboard.mode = "html";
    await expect(fetchSessionData(url())).rejects.toMatchObject({ message: "website_session_data answered in an unknown shape" });
    dashboard.mode = "ok";
    for (const link of ["javascript:alert(1)", "//evil.example/x", "http://plain.example"]) {
      dashboard.websites.set(WEBSITE_ID, { notice: { ...NOTICE, url: link } });
      await expect(fetchSessionData(url()), link).rejects.toBeInstanceOf(DashboardError);
    }
  });

  it("gives up after its timeout", async () => {
    dashboard.mode = "slow";
    const started = Date.now();
    await expect(fetchSessionData(url(), { timeoutMs: 150 })).rejects.toMatchObject({
      message: "website_session_data timed out",
      status: 0,
    });
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe("the per-site cache", () => {
  it("calls once for concurrent pages and again only after 5 minutes, serving the stale answer meanwhile", async () => {
    let now = 1_000_000;
    const cache = createSessionDataCache({ now: () => now });
    const { log } = logLines();
    const configured = site({ base_url: base });
    const [a, b] = await Promise.all([cache.get(configured, log), cache.get(configured, log)]);
    expect(a).toEqual({ notice: NOTICE });
    expect(b).toBe(a);
    now += SESSION_DATA_REFRESH_MS - 1;
    await cache.get(configured, log);
    expect(dashboard.calls).toHaveLength(1);

    dashboard.websites.set(WEBSITE_ID, { notice: null });
    now += 2;
    expect(await cache.get(configured, log)).toEqual({ notice: NOTICE });
    await expect.poll(() => cache.get(configured, log)).toEqual({ notice: null });
    expect(dashboard.calls).toHaveLength(2);
  });

  it("logs a failure and keeps what it had; a first failure is no data, retried after a minute", async () => {
    let now = 5_000_000;
    const cache = createSessionDataCache({ now: () => now });
    const { log, lines } = logLines();
    const configured = site({ base_url: base });
    const first: SessionData | null = await cache.get(configured, log);
    expect(first?.notice?.text).toBe(NOTICE.text);

    dashboard.mode = "error";
    now += SESSION_DATA_REFRESH_MS;
    expect(await cache.get(configured, log)).toEqual(first);
    await expect.poll(() => lines.length).toBe(1);
    expect(lines[0]).toMatchObject({ msg: "website_session_data unavailable" });
    expect(await cache.get(configured, log)).toEqual(first);

    const fresh = createSessionDataCache({ now: () => now });
    expect(await fresh.get(configured, log)).toBeNull();
    const calls = dashboard.calls.length;
    now += SESSION_DATA_RETRY_MS - 1;
    expect(await fresh.get(configured, log)).toBeNull();
    expect(dashboard.calls).toHaveLength(calls);
  });

  it("does not wait beyond the timeout for a slow dashboard, and calls nothing for a site without one", async () => {
    dashboard.mode = "slow";
    const cache = createSessionDataCache({ timeoutMs: 150 });
    const { log } = logLines();
    const started = Date.now();
    expect(await cache.get(site({ base_url: base }), log)).toBeNull();
    expect(Date.now() - started).toBeLessThan(1_000);
    const calls = dashboard.calls.length;
    expect(await cache.get(site(null), log)).toBeNull();
    expect(dashboard.calls).toHaveLength(calls);
  });
});

describe("activeNotice", () => {
  it("shows a notice until its ends_at, and one without ends_at always", () => {
    const data: SessionData = { notice: NOTICE };
    expect(activeNotice(data, Date.parse("2027-01-26T12:00:00+11:00"))).toEqual(NOTICE);
    expect(activeNotice(data, Date.parse("2027-01-27T00:00:00+11:00"))).toBeNull();
    expect(activeNotice({ notice: { ...NOTICE, ends_at: null } }, Date.parse("2030-01-01T00:00:00Z"))?.text).toBe(NOTICE.text);
    expect(activeNotice(null, 0)).toBeNull();
  });
});

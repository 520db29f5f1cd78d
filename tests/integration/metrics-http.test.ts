/**
 * GET /metrics (Prometheus text) and GET /readyz over HTTP on the production build: the endpoint is
 * not public (404 without METRICS_TOKEN's bearer token), and a search, a lead, its delivery and a
 * rate-limit refusal move the numbers an operator watches.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBackgroundWork } from "~/server/services";
import { freshIp, startFormsApp, validFields, type FormsApp } from "./forms-harness";

const TOKEN = "metrics-test-token-0123456789";
const dataDir = mkdtempSync(path.join(tmpdir(), "forecourt-metrics-"));
let app: FormsApp;

beforeAll(async () => {
  app = await startFormsApp({ METRICS_TOKEN: TOKEN, MOCK_LEADS: "0", LEAD_DELIVERY: "on", RATE_LIMIT_PER_MINUTE: "1", DATA_DIR: dataDir });
});

afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every sample of the scrape by its name and labels as printed (`name{a="b"}`). */
async function scrape(): Promise<Map<string, number>> {
  const reply = await app.send("anything", "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(reply.status).toBe(200);
  expect(reply.headers["content-type"]).toMatch(/^text\/plain;.*version=0\.0\.4/);
  const samples = new Map<string, number>();
  for (const line of reply.body.split("\n")) {
    const match = /^([a-z_:]+(?:\{[^}]*\})?) (\S+)$/.exec(line);
    if (match) samples.set(match[1], Number(match[2]));
  }
  return samples;
}

const value = (samples: Map<string, number>, key: string) => samples.get(key) ?? 0;

async function until(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("/metrics", () => {
  it("answers 404 without the bearer token, with a wrong one, and with a token of another scheme", async () => {
    const attempts: Array<Record<string, string>> = [
      {},
      { authorization: "Bearer wrong-token-0123456789" },
      { authorization: `Basic ${TOKEN}` },
    ];
    for (const headers of attempts) {
      const reply = await app.send("anything", "/metrics", { headers });
      expect(reply.status).toBe(404);
      expect(reply.body).not.toContain("forecourt_");
    }
  });

  it("moves after a search, a lead, its delivery and a refused lead", async () => {
    const before = await scrape();
    expect(before.has("nodejs_eventloop_lag_seconds")).toBe(false); // process metrics are off in tests' services

    expect((await app.send("harbourside.localhost", "/search")).status).toBe(200);
    const ip = freshIp();
    const kiwi = app.tenant("kiwi-motors");
    expect((await app.postForm("kiwi-motors.localhost", "/contact", validFields("general", kiwi), { ip })).status).toBe(303);
    // RATE_LIMIT_PER_MINUTE=1: the same address's second lead is refused
    expect((await app.postForm("kiwi-motors.localhost", "/contact", validFields("general", kiwi), { ip })).status).toBe(429);

    const queued = await scrape();
    expect(value(queued, 'forecourt_http_requests_total{kind="search",status="2xx"}')).toBe(
      value(before, 'forecourt_http_requests_total{kind="search",status="2xx"}') + 1,
    );
    expect(value(queued, 'forecourt_http_requests_total{kind="form_post",status="3xx"}')).toBe(
      value(before, 'forecourt_http_requests_total{kind="form_post",status="3xx"}') + 1,
    );
    expect(value(queued, 'forecourt_http_requests_total{kind="form_post",status="4xx"}')).toBe(
      value(before, 'forecourt_http_requests_total{kind="form_post",status="4xx"}') + 1,
    );
    expect(value(queued, 'forecourt_http_request_duration_seconds_count{kind="search",status="2xx"}')).toBe(
      value(before, 'forecourt_http_request_duration_seconds_count{kind="search",status="2xx"}') + 1,
    );
    expect(value(queued, 'forecourt_search_duration_seconds_count{backend="embedded"}')).toBeGreaterThan(
      value(before, 'forecourt_search_duration_seconds_count{backend="embedded"}'),
    );
    expect(value(queued, 'forecourt_search_index_build_seconds_count{tenant="harbourside"}')).toBe(1);
    expect(value(queued, 'forecourt_search_index_built_timestamp_seconds{tenant="harbourside"}')).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(value(queued, 'forecourt_rate_limit_refusals_total{limit="lead"}')).toBe(
      value(before, 'forecourt_rate_limit_refusals_total{limit="lead"}') + 1,
    );
    // kiwi-motors sends its leads by email: the CRM intake (adf_email) and the sales inbox (notification)
    for (const destination of ["adf_email", "notification"]) {
      expect(value(queued, `forecourt_lead_outbox_pending{destination="${destination}"}`)).toBe(1);
      expect(value(queued, `forecourt_lead_outbox_oldest_pending_seconds{destination="${destination}"}`)).toBeGreaterThanOrEqual(0);
    }
    expect(queued.has('forecourt_lead_outbox_oldest_pending_seconds{destination="notification"}')).toBe(true);

    // The server's own background work delivers it (to the local mailbox under DATA_DIR).
    const work = startBackgroundWork(app.services);
    try {
      await until(
        async () => value(await scrape(), 'forecourt_lead_deliveries_total{destination="notification",outcome="delivered"}') === 1,
      );
    } finally {
      await work.stop();
    }
    const delivered = await scrape();
    for (const destination of ["adf_email", "notification"]) {
      expect(value(delivered, `forecourt_lead_deliveries_total{destination="${destination}",outcome="delivered"}`)).toBe(1);
      expect(value(delivered, `forecourt_lead_outbox_pending{destination="${destination}"}`)).toBe(0);
    }
    // The watcher's first reading: each tenant's index serves at least the database's stock version.
    expect(value(delivered, 'forecourt_search_index_stock_version{tenant="kiwi-motors"}')).toBe(
      value(delivered, 'forecourt_stock_version{tenant="kiwi-motors"}'),
    );
    expect(delivered.has('forecourt_stock_version{tenant="kiwi-motors"}')).toBe(true);
  });
});

describe("/readyz", () => {
  it("answers 200 with the database and every tenant's search ready, /healthz alongside", async () => {
    await until(async () => (await app.send("anything", "/readyz")).status === 200);
    const reply = await app.send("anything", "/readyz");
    const body = JSON.parse(reply.body) as { ok: boolean; db: string; search: Record<string, string> };
    expect(body.ok).toBe(true);
    expect(body.db).toBe("ok");
    expect(Object.keys(body.search).sort()).toEqual(app.tenants.map((tenant) => tenant.slug).sort());
    expect(new Set(Object.values(body.search))).toEqual(new Set(["ready"]));
    expect(reply.headers["cache-control"]).toBe("no-store");
    expect((await app.send("anything", "/healthz")).status).toBe(200);
  });
});

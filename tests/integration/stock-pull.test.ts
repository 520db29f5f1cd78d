import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stockImporter } from "~/server/inventory/import-stock";
import type { Services } from "~/server/services";
import { loadTenants, type Tenant } from "~/server/tenants/load";
import { TenantDirectory } from "~/server/tenants/resolve";
import { startFakeMeilisearch, type FakeMeilisearch } from "../fixtures/fake-meilisearch";
import { startApp } from "./support/app-server";
import { request } from "./support/http";
import { testPuller } from "./support/stock-puller";
import { servicesFor } from "./support/services";
import { openTestDb, type TestDb } from "./support/test-db";

// The scheduled pull, Meilisearch updated by the import, and a failed feed never emptying a
// site but showing in /healthz, against a real local feed server and the fake Meilisearch.

const harbourside = loadTenants().find((tenant) => tenant.slug === "harbourside") as Tenant;

type Answer = (req: IncomingMessage, res: ServerResponse) => void;
type FeedServer = { url: string; requests: IncomingMessage[]; answer: (next: Answer) => void; close: () => Promise<void> };

async function startFeedServer(): Promise<FeedServer> {
  const requests: IncomingMessage[] = [];
  let current: Answer = (_req, res) => res.writeHead(404).end();
  const server: Server = createServer((req, res) => {
    requests.push(req);
    current(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer: (next) => (current = next),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function feedOf(rows: Array<[string, number, string, string, string]>): string {
  return ["Stock #,Year,Make,Model,Price,New/Used", ...rows.map((row) => [...row, "Used"].join(","))].join("\r\n");
}

const firstFeed = feedOf([
  ["PL1", 2021, "Pullcar", "Alpha", "31990"],
  ["PL2", 2022, "Pullcar", "Beta", "42500"],
  ["PL3", 2023, "Pullcar", "Gamma", "55000"],
]);

function site(slug: string, url: string, extra: Partial<Tenant["site"]> = {}): Tenant {
  return {
    ...harbourside,
    slug,
    site: {
      ...harbourside.site,
      slug,
      domains: [],
      demo_stock: false,
      stock_feed: {
        url,
        format: "csv",
        every_minutes: 1,
        username_env: "PULL_USER",
        password_env: "PULL_PASS",
        private_key_env: null,
        host_key_sha256: null,
        columns: {},
        defaults: {},
        statuses: {},
      },
      ...extra,
    },
  };
}

let feed: FeedServer;
let testDb: TestDb;
let services: Services;

beforeAll(async () => {
  process.env.PULL_USER = "dealer";
  process.env.PULL_PASS = "s3cret";
  feed = await startFeedServer();
  testDb = await openTestDb();
  const tenants = [site("pull-a", `${feed.url}/a.csv`), site("pull-b", `${feed.url}/b.csv`)];
  services = await servicesFor({
    tenants: new TenantDirectory(tenants, { defaultTenant: "pull-a", trustProxy: false }),
    db: testDb.handle,
  });
}, 60_000);

afterAll(async () => {
  await feed?.close();
  await testDb?.cleanup();
});

function puller(minuteMs = 60_000) {
  return testPuller(services, { timeoutMs: 500, retryDelaysMs: [20, 20], minuteMs });
}

const tenantA = () => services.tenants.tenants.find((tenant) => tenant.slug === "pull-a") as Tenant;

describe("scheduled pull of site.json stock_feed", () => {
  it("imports the feed with basic auth, then a 304 to the same ETag imports nothing", async () => {
    feed.answer((req, res) => {
      if (req.headers["if-none-match"] === '"v1"') return res.writeHead(304).end();
      res.writeHead(200, { "content-type": "text/csv", etag: '"v1"' }).end(firstFeed);
    });
    const pulls = puller();
    try {
      const first = await pulls.pull(tenantA());
      expect(first).toMatchObject({ kind: "imported", report: { outcome: "applied", counts: { added: 3 } } });
      expect(feed.requests.at(-1)?.headers.authorization).toBe(`Basic ${Buffer.from("dealer:s3cret").toString("base64")}`);
      const version = await services.stock.version("pull-a");

      expect(await pulls.pull(tenantA())).toEqual({ kind: "not_modified" });
      expect(feed.requests.at(-1)?.headers["if-none-match"]).toBe('"v1"');
      expect(await services.stock.version("pull-a")).toBe(version);
      expect((await services.stock.loadVehicles("pull-a")).map((vehicle) => vehicle.stocknum).sort()).toEqual(["PL1", "PL2", "PL3"]);
    } finally {
      await pulls.stop();
    }
  });

  it("retries a failing feed with backoff and imports when it answers", async () => {
    let calls = 0;
    feed.answer((_req, res) => {
      calls++;
      if (calls < 3) return res.writeHead(503).end("busy");
      res.writeHead(200, { "content-type": "text/csv" }).end(feedOf([...firstFeedRows(), ["PL4", 2024, "Pullcar", "Delta", "61000"]]));
    });
    const pulls = puller();
    try {
      expect(await pulls.pull(tenantA())).toMatchObject({ kind: "imported", report: { outcome: "applied", counts: { added: 1 } } });
      expect(calls).toBe(3);
    } finally {
      await pulls.stop();
    }
  });

  const failures: Array<[string, Answer, RegExp]> = [
    ["answers 500", (_req, res) => res.writeHead(500).end("oops"), /HTTP 500/],
    ["times out", () => undefined, /no answer within 0.5 s/],
    [
      "redirects to a host that is not the feed's",
      (_req, res) => res.writeHead(302, { location: "http://elsewhere.example/feed.csv" }).end(),
      /redirected to elsewhere\.example, which is not the feed's host/,
    ],
  ];
  for (const [what, answer, message] of failures) {
    it(`a feed that ${what} keeps the last good stock and shows as refused`, async () => {
      const before = await services.stock.loadVehicles("pull-a");
      feed.answer(answer);
      const pulls = puller();
      try {
        const outcome = await pulls.pull(tenantA());
        expect(outcome.kind).toBe("failed");
        expect(outcome.kind === "failed" && outcome.message).toMatch(message);
      } finally {
        await pulls.stop();
      }
      expect(await services.stock.loadVehicles("pull-a")).toEqual(before);
      expect(await services.stock.state("pull-a")).toMatchObject({ last_status: "refused", last_message: expect.stringMatching(message) });
    });
  }

  it("/healthz lists each tenant's last import and status", async () => {
    const server = await startApp({ services });
    try {
      const reply = await request(server.port, "anything", "/healthz");
      expect(reply.status).toBe(200);
      const body = JSON.parse(reply.body);
      expect(body).toMatchObject({ ok: true, db: "ok" });
      expect(body.stock["pull-a"]).toEqual({ last_import: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), status: "refused" });
      expect(reply.body).not.toContain(feed.url);
    } finally {
      await server.close();
    }
  });

  it("runs on its own every every_minutes", async () => {
    feed.answer((_req, res) =>
      res.writeHead(200, { "content-type": "text/csv" }).end(feedOf([["PB1", 2020, "Pullcar", "Epsilon", "19990"]])),
    );
    const tenantB = services.tenants.tenants.find((tenant) => tenant.slug === "pull-b") as Tenant;
    const pulls = testPuller(services, { tenants: [tenantB], minuteMs: 100 });
    try {
      const deadline = Date.now() + 5_000;
      while ((await services.stock.loadVehicles("pull-b")).length === 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect((await services.stock.loadVehicles("pull-b")).map((vehicle) => vehicle.model)).toEqual(["Epsilon"]);
      const seen = feed.requests.length;
      await new Promise((r) => setTimeout(r, 400));
      expect(feed.requests.length).toBeGreaterThan(seen);
    } finally {
      await pulls.stop();
    }
  });
});

function firstFeedRows(): Array<[string, number, string, string, string]> {
  return [
    ["PL1", 2021, "Pullcar", "Alpha", "31990"],
    ["PL2", 2022, "Pullcar", "Beta", "42500"],
    ["PL3", 2023, "Pullcar", "Gamma", "55000"],
  ];
}

describe("an import on a Meilisearch tenant", () => {
  let meili: FakeMeilisearch;
  beforeAll(async () => {
    meili = await startFakeMeilisearch();
  });
  afterAll(async () => {
    await meili?.close();
  });

  it("sends the written vehicles to the index; a failed task refuses the import and changes nothing", async () => {
    const tenant = site("pull-meili", `${feed.url}/m.csv`, { search: { host: meili.url, key_env: null, index: "pull-meili" } });
    process.env.MEILI_TEST_KEY = meili.apiKey;
    const importStock = stockImporter({
      store: services.stock,
      meilisearch: {},
      connectionFor: () => ({ host: meili.url, apiKey: meili.apiKey }),
      indexing: { pollIntervalMs: 5 },
    });
    const applied = await importStock(tenant, { bytes: Buffer.from(firstFeed), format: "csv" }, { source: "test", mode: "full" });
    expect(applied.outcome).toBe("applied");
    expect(
      meili
        .documents("pull-meili")
        .map((vehicle) => vehicle.stocknum)
        .sort(),
    ).toEqual(["PL1", "PL2", "PL3"]);

    const version = await services.stock.version("pull-meili");
    meili.failNextTask({ message: "disk full", code: "internal" });
    const changed = feedOf([["PL1", 2021, "Pullcar", "Alpha", "29990"], ...firstFeedRows().slice(1)]);
    const refused = await importStock(tenant, { bytes: Buffer.from(changed), format: "csv" }, { source: "test", mode: "full" });
    expect(refused.outcome).toBe("refused");
    expect(refused.refusal).toMatch(/the search index could not be updated, so nothing changed: .*disk full/);
    expect(await services.stock.version("pull-meili")).toBe(version);
    const alpha = (await services.stock.loadVehicles("pull-meili")).find((vehicle) => vehicle.stocknum === "PL1");
    expect(alpha?.price).toBe(31990);
  });
});

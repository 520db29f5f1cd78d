import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { watchStock, type StockWatcher } from "~/server/inventory/stock-watcher";
import { logger } from "~/server/lib/logger";
import { vehicleTitle } from "~/server/stock/vehicle-title";
import { startFormsApp, type FormsApp, type Reply } from "./forms-harness";
import { garageSteps } from "./garage-harness";
import { SOUTHERN_USED_PUSH_TOKEN, listedSouthernUsedCar, pushPrice } from "./price-push";
import { request } from "./support/http";
import { randomPort } from "./support/built-server";
import { BROWSER_UA, beaconHref, withSetCookies } from "./visit-beacon";

// The server behind Debian's Varnish with the VCL documented for production (deploy/varnish.vcl):
// anonymous pages are shared, nobody's cookie, saved cars or details reach anyone else, a stock push
// shows within 5 s, and the no-JavaScript flows still work through it.
const TENANTS = ["lakeside-auto.localhost", "southern-used.localhost", "kiwi-motors.localhost"];
const GARAGE_HOST = "harbourside.localhost";

let app: FormsApp;
let varnish: ChildProcess;
let varnishPort: number;
let workDir: string;
let watcher: StockWatcher;

/** Varnish must be there: installed here when running as root (as CI does), otherwise a clear failure, never a skip. */
function ensureVarnish(): string {
  const found = spawnSync("sh", ["-c", "command -v varnishd || ls /usr/sbin/varnishd"], { encoding: "utf8" }).stdout.trim().split("\n")[0];
  if (found) return found;
  if (process.getuid?.() === 0) {
    spawnSync("sh", ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq varnish"], { stdio: "inherit" });
    const installed = spawnSync("sh", ["-c", "command -v varnishd || ls /usr/sbin/varnishd"], { encoding: "utf8" }).stdout.trim();
    if (installed) return installed.split("\n")[0]!;
  }
  throw new Error("varnishd not found: this test needs Debian's varnish (apt-get install -y varnish)");
}

function viaCache(host: string, urlPath: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { "user-agent": BROWSER_UA, ...init.headers };
  if (init.body !== undefined) headers["content-length"] = String(Buffer.byteLength(init.body));
  return request(varnishPort, host, urlPath, { ...init, headers });
}

const setCookies = (reply: Reply) => [reply.headers["set-cookie"] ?? []].flat();

async function startVarnish(binary: string, backendPort: number): Promise<void> {
  workDir = mkdtempSync(path.join(tmpdir(), "forecourt-varnish-"));
  // varnishd, started as root, reads the VCL as its own unprivileged user.
  chmodSync(workDir, 0o755);
  const vcl = readFileSync("deploy/varnish.vcl", "utf8").replace('.port = "3000";', `.port = "${backendPort}";`);
  expect(vcl).toContain(`.port = "${backendPort}"`);
  const vclFile = path.join(workDir, "test.vcl");
  writeFileSync(vclFile, vcl, { mode: 0o644 });
  varnishPort = Number(process.env.VARNISH_TEST_PORT ?? randomPort());
  varnish = spawn(binary, ["-F", "-a", `127.0.0.1:${varnishPort}`, "-f", vclFile, "-n", path.join(workDir, "n"), "-s", "malloc,64m"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  varnish.stderr?.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  for (let i = 0; i < 100; i++) {
    if (varnish.exitCode !== null) throw new Error(`varnishd exited: ${errors}`);
    try {
      if ((await viaCache(TENANTS[0]!, "/healthz")).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`varnishd did not answer: ${errors}`);
}

beforeAll(async () => {
  const binary = ensureVarnish();
  app = await startFormsApp({ SMTP_URL: undefined, SOUTHERN_USED_STOCK_TOKEN: SOUTHERN_USED_PUSH_TOKEN, RATE_LIMIT_PER_MINUTE: "200" });
  // Every instance follows the stock version (STOCK_POLL_MS, 1 s by default).
  watcher = watchStock({ store: app.services.stock, search: app.services.search, log: logger, intervalMs: 1000 });
  await startVarnish(binary, app.port);
}, 120_000);

afterAll(async () => {
  varnish?.kill("SIGTERM");
  if (varnish && varnish.exitCode === null) await new Promise((resolve) => varnish.once("exit", resolve));
  await watcher?.stop();
  await app?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** The public pages of a tenant a visitor browses: home, search, vehicles and content pages its home links to. */
async function browsingPages(host: string): Promise<string[]> {
  const home = await app.send(host, "/");
  const links = [...new Set([...home.body.matchAll(/href="(\/[^"#?]*)"/g)].map((m) => m[1]!))];
  const pages = ["/"];
  for (const link of links) {
    if (pages.length >= 10) break;
    const reply = await app.send(host, link);
    if (reply.status === 200 && String(reply.headers["cache-control"]).startsWith("public")) pages.push(link);
  }
  return pages;
}

describe("behind Varnish (deploy/varnish.vcl)", () => {
  it("serves 1,000 anonymous requests over 3 tenants with at least 90% hits, none with a cookie", async () => {
    const mix: Array<[string, string]> = [];
    for (const host of TENANTS) for (const page of await browsingPages(host)) mix.push([host, page]);
    expect(mix.length).toBeGreaterThanOrEqual(15);
    let hits = 0;
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    const plan = Array.from({ length: 1000 }, () => mix[next() % mix.length]!);
    // Eight browsers at once, each taking the next request as soon as its last one is answered.
    const replies: Reply[] = [];
    let taken = 0;
    const browser = async () => {
      while (taken < plan.length) {
        const [host, page] = plan[taken++]!;
        replies.push(await viaCache(host, page));
      }
    };
    await Promise.all(Array.from({ length: 8 }, browser));
    for (const reply of replies) {
      expect(reply.status).toBe(200);
      expect(setCookies(reply)).toEqual([]);
      if (reply.headers["x-cache"] === "HIT") hits += 1;
    }
    expect(hits / replies.length).toBeGreaterThanOrEqual(0.9);
  }, 180_000);

  it("answers a browser's revalidation with 304 and the strong ETag", async () => {
    // Varnish keeps the gzipped copy; a client that takes gzip gets the server's strong ETag as it is.
    const gzip = { "accept-encoding": "gzip" };
    const first = await viaCache(TENANTS[0]!, "/", { headers: gzip });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await viaCache(TENANTS[0]!, "/", { headers: { ...gzip, "if-none-match": etag } });
    expect(again.status).toBe(304);
  });

  it("never gives one visitor another's cookie, saved cars or signed-in page, with visitors interleaved", async () => {
    const garage = garageSteps(() => app, GARAGE_HOST);
    const search = await app.send(GARAGE_HOST, "/search/used-cars");
    const ids = [...new Set([...search.body.matchAll(/id="save-car-(\d+)"/g)].map((m) => Number(m[1])))];
    expect(ids.length).toBeGreaterThanOrEqual(3);
    const vehicles = await app.services.stock.loadVehicles("harbourside");
    const title = (id: number) => vehicleTitle(vehicles.find((v) => v.id === id)!);

    // Two visitors (no JavaScript: the page, its beacon, then the heart's form) and one signed-in user.
    async function visitorSaving(carId: number, start = ""): Promise<string> {
      const page = await viaCache(GARAGE_HOST, "/", { headers: start ? { cookie: start } : {} });
      let cookie = withSetCookies(start, page);
      const beacon = await viaCache(GARAGE_HOST, beaconHref(page.body), { headers: cookie ? { cookie } : {} });
      cookie = withSetCookies(cookie, beacon);
      expect(cookie).toContain("fc_visitor=");
      const body = new URLSearchParams({ car_id: String(carId), intent: "add", return_to: "/search/used-cars" }).toString();
      const saved = await viaCache(GARAGE_HOST, "/saved-cars", {
        method: "POST",
        body,
        headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: `http://${GARAGE_HOST}` },
      });
      expect(saved.status).toBe(303);
      expect(saved.headers["x-cache"]).not.toBe("HIT");
      return withSetCookies(cookie, saved);
    }
    const [a, b, c] = ids as [number, number, number];
    const alice = await visitorSaving(a);
    const bob = await visitorSaving(b);
    const { garage: session } = await garage.signIn("cache.shopper@example.com");
    const signedIn = await visitorSaving(c, session);

    const people: Array<{ who: string; cookie: string; own: number | null }> = [
      { who: "anonymous", cookie: "", own: null },
      { who: "alice", cookie: alice, own: a },
      { who: "bob", cookie: bob, own: b },
      { who: "signed in", cookie: signedIn, own: c },
    ];
    const cookieValues = (cookie: string) =>
      cookie
        .split(";")
        .map((part) => part.trim())
        .filter(Boolean);
    for (let round = 0; round < 5; round++) {
      for (const page of ["/", "/search/used-cars"]) {
        for (const person of people) {
          const reply = await viaCache(GARAGE_HOST, page, { headers: person.cookie ? { cookie: person.cookie } : {} });
          expect(reply.status).toBe(200);
          const others = people.filter((other) => other !== person);
          for (const line of setCookies(reply)) {
            for (const other of others) for (const value of cookieValues(other.cookie)) expect(line.startsWith(value)).toBe(false);
          }
          for (const other of others) {
            if (other.own !== null) expect(reply.body).not.toContain(`aria-label="Remove ${title(other.own)} from saved"`);
          }
          if (person.own === null) {
            expect(setCookies(reply)).toEqual([]);
            expect(reply.body).not.toMatch(/data-testid="saved-count">[1-9]/);
          } else {
            expect(reply.headers["x-cache"]).not.toBe("HIT");
            expect(reply.body).toMatch(/data-testid="saved-count">1</);
            if (page !== "/") expect(reply.body).toContain(`aria-label="Remove ${title(person.own)} from saved"`);
          }
        }
      }
    }
  }, 120_000);

  it("shows a price pushed by the dealer through the cache within 5 s", async () => {
    const host = "southern-used.localhost";
    const vehicle = await listedSouthernUsedCar(app);
    const page = `/cars/${vehicle.slug}`;
    const warm = await viaCache(host, page);
    expect(warm.status).toBe(200);
    const second = await viaCache(host, page);
    expect(second.headers["x-cache"], JSON.stringify(second.headers)).toBe("HIT");
    const newPrice = vehicle.price + 1234;
    // The price as the page carries it in its offer data (JSON-LD and the page's data).
    const shown = `${newPrice}`;
    expect(warm.body).not.toContain(shown);
    const pushed = await pushPrice(app, vehicle, newPrice);
    expect(pushed.status).toBe(200);
    const started = Date.now();
    let seen = false;
    while (!seen && Date.now() - started < 5000) {
      seen = (await viaCache(host, page)).body.includes(shown);
      if (!seen) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const backend = (await app.send(host, page)).body.includes(shown);
    expect({ seenThroughCache: seen, onServer: backend, seconds: (Date.now() - started) / 1000 }).toEqual({
      seenThroughCache: true,
      onServer: true,
      seconds: expect.any(Number),
    });
  }, 60_000);

  it("never keeps a POST, and the no-JavaScript form, filter and heart work through it", async () => {
    const host = TENANTS[0]!;
    const empty = await viaCache(host, "/contact", {
      method: "POST",
      body: "",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: `http://${host}` },
    });
    expect(empty.status).toBe(400);
    const again = await viaCache(host, "/contact", {
      method: "POST",
      body: "",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: `http://${host}` },
    });
    expect(again.headers["x-cache"]).not.toBe("HIT");
    expect(again.status).toBe(400);

    // A filter: the no-JS filter form's GET answers with the shareable URL, then that page.
    const form = await viaCache(host, "/search?price_min=10000&price_max=60000");
    expect([200, 302, 303]).toContain(form.status);

    // A heart without JavaScript: the form posts, redirects back, and the next page shows it saved.
    const home = await viaCache(host, "/search/used-cars");
    const id = Number(/id="save-car-(\d+)"/.exec(home.body)?.[1]);
    expect(id).toBeGreaterThan(0);
    const saved = await viaCache(host, "/saved-cars", {
      method: "POST",
      body: new URLSearchParams({ car_id: String(id), intent: "add", return_to: "/search/used-cars" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: `http://${host}` },
    });
    expect(saved.status).toBe(303);
    const cookie = withSetCookies("", saved);
    expect(cookie).toContain("fc_personal=1");
    const after = await viaCache(host, "/search/used-cars", { headers: { cookie } });
    expect(after.headers["x-cache"]).not.toBe("HIT");
    expect(after.body).toMatch(/data-testid="saved-count">1</);
  }, 60_000);
});

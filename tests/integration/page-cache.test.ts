import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vehicleTitle } from "~/server/stock/vehicle-title";
import { startFormsApp, type FormsApp, type Reply } from "./forms-harness";
import { SOUTHERN_USED_PUSH_TOKEN, listedSouthernUsedCar, pushPrice } from "./price-push";
import { BROWSER_UA, viewPage, withSetCookies } from "./visit-beacon";

// The server's own cache of anonymous public pages (server/http/page-cache.ts), through the real edge
// and build: a repeat view within a second is the page held, nobody with saved cars or a session ever
// gets it, and new stock drops it at once.
const HOST = "harbourside.localhost";

let app: FormsApp;

beforeAll(async () => {
  app = await startFormsApp({ SOUTHERN_USED_STOCK_TOKEN: SOUTHERN_USED_PUSH_TOKEN, PAGE_CACHE_MB: undefined });
}, 60_000);

afterAll(async () => {
  await app?.close();
});

const browser = (cookie = "", extra: Record<string, string> = {}) => ({
  headers: { "user-agent": BROWSER_UA, ...(cookie ? { cookie } : {}), ...extra },
});

const setCookies = (reply: Reply) => [reply.headers["set-cookie"] ?? []].flat();

/** Two views of a page straight after each other: the second one within the page's second in the cache. */
async function twice(host: string, path: string): Promise<[Reply, Reply]> {
  const first = await app.send(host, path, browser());
  const second = await app.send(host, path, browser());
  return [first, second];
}

describe("the server's own page cache", () => {
  it("answers a repeat anonymous view with the same page, its ETag and its Age", async () => {
    for (const path of ["/about-us", "/", "/search/used-cars"]) {
      // A fresh second: the first view renders (no Age), the next one within it is the page held.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const [first, second] = await twice(HOST, path);
      expect(first.status, path).toBe(200);
      expect(first.headers.age, path).toBeUndefined();
      expect(second.headers.age, path).toBe("0");
      expect(second.body, path).toBe(first.body);
      expect(second.headers.etag, path).toBe(first.headers.etag);
      expect(second.headers["cache-control"], path).toBe(first.headers["cache-control"]);
      expect(second.headers["content-security-policy"], path).toBe(first.headers["content-security-policy"]);
      expect(second.headers["x-request-id"], path).not.toBe(first.headers["x-request-id"]);
      expect(setCookies(second), path).toEqual([]);
    }
    // An operator reads the same on /metrics: a hit per repeat view, a stored page per render kept.
    const metrics = await app.services.metrics.text();
    const count = (outcome: string) =>
      Number(new RegExp(`forecourt_page_cache_answers_total\\{outcome="${outcome}"\\} (\\d+)`).exec(metrics)?.[1]);
    expect(count("hit")).toBeGreaterThanOrEqual(3);
    expect(count("stored")).toBeGreaterThanOrEqual(3);
  });

  it("answers a browser's revalidation of a held page with 304, and compresses it as asked", async () => {
    const [first] = await twice(HOST, "/about-us");
    const revalidated = await app.send(HOST, "/about-us", browser("", { "if-none-match": String(first.headers.etag) }));
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBe("");
    const gzip = await app.send(HOST, "/about-us", browser("", { "accept-encoding": "gzip" }));
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers.vary).toMatch(/Accept-Encoding/i);
  });

  it("never hands the held page to a visitor with saved cars or a session, nor theirs to anyone", async () => {
    const search = await app.send(HOST, "/search/used-cars", browser());
    const carId = Number(/id="save-car-(\d+)"/.exec(search.body)?.[1]);
    expect(carId).toBeGreaterThan(0);
    const vehicles = await app.services.stock.loadVehicles("harbourside");
    const title = vehicleTitle(vehicles.find((v) => v.id === carId)!);

    // A shopper without JavaScript: a page, its beacon, then the heart's form.
    const { cookie: visitor } = await viewPage(app.send, HOST, "/");
    const saved = await app.send(HOST, "/saved-cars", {
      method: "POST",
      body: new URLSearchParams({ car_id: String(carId), intent: "add", return_to: "/search/used-cars" }).toString(),
      headers: { ...browser(visitor).headers, "content-type": "application/x-www-form-urlencoded", origin: `http://${HOST}` },
    });
    expect(saved.status).toBe(303);
    const saver = withSetCookies(visitor, saved);
    expect(saver).toContain("fc_personal=");

    for (let round = 0; round < 3; round++) {
      const anonymous = await app.send(HOST, "/search/used-cars", browser());
      const own = await app.send(HOST, "/search/used-cars", browser(saver));
      const anonymousAgain = await app.send(HOST, "/search/used-cars", browser());
      expect(own.headers.age).toBeUndefined();
      expect(own.headers["cache-control"]).toMatch(/^private/);
      expect(own.body).toMatch(/data-testid="saved-count">1</);
      expect(own.body).toContain(`aria-label="Remove ${title} from saved"`);
      for (const other of [anonymous, anonymousAgain]) {
        expect(other.body).not.toMatch(/data-testid="saved-count">[1-9]/);
        expect(other.body).not.toContain(`aria-label="Remove ${title} from saved"`);
        expect(setCookies(other)).toEqual([]);
      }
      expect(anonymousAgain.headers.age).toBe("0");
    }
  });

  it("shows new stock on the next view, without waiting out the second", async () => {
    const host = "southern-used.localhost";
    const vehicle = await listedSouthernUsedCar(app);
    const page = `/cars/${vehicle.slug}`;
    const [, held] = await twice(host, page);
    expect(held.headers.age).toBe("0");
    const newPrice = vehicle.price + 4321;
    expect(held.body).not.toContain(`${newPrice}`);
    const pushed = await pushPrice(app, vehicle, newPrice);
    expect(pushed.status).toBe(200);
    // What the stock watcher does on every instance when the version moves.
    await app.services.search.replaceTenantStock("southern-used", app.services.stock.searchValuePages("southern-used"));
    const after = await app.send(host, page, browser());
    expect(after.headers.age).toBeUndefined();
    expect(after.body).toContain(`${newPrice}`);
  });

  it("keeps each site's pages to its own host", async () => {
    const [, harbourside] = await twice(HOST, "/");
    const [, southern] = await twice("southern-used.localhost", "/");
    expect(harbourside.headers.age).toBe("0");
    expect(southern.headers.age).toBe("0");
    expect(harbourside.body).toContain("Harbourside Motor Group");
    expect(southern.body).toContain("Southern Cross Used Cars");
    expect(southern.body).not.toContain("Harbourside Motor Group");
  });
});

describe("with PAGE_CACHE_MB=0", () => {
  it("renders every view anew", async () => {
    const uncached = await startFormsApp({ PAGE_CACHE_MB: "0" });
    try {
      for (let i = 0; i < 3; i++) {
        const reply = await uncached.send(HOST, "/about-us", browser());
        expect(reply.status).toBe(200);
        expect(reply.headers.age).toBeUndefined();
      }
    } finally {
      await uncached.close();
      delete process.env.PAGE_CACHE_MB;
    }
  }, 60_000);
});

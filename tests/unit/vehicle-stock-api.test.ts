import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  FETCH_FAILED_MESSAGE,
  STOCK_API_RETRIES,
  fetchStockApiVehicle,
  stockApiUrl,
  type StockApiConfig,
} from "~/server/inventory/stock-api";
import { makeVehicle } from "../fixtures/vehicles";
import { startFakeStockApi, type FakeStockApi } from "../integration/vehicle-fake-stock-api";

const WEBSITE_ID = 4242;
const env = { STOCK_USER: "dealer", STOCK_PASS: "s3cret:with-colon" };

/** A logger that keeps its lines, so a test can see 'Unable to fetch data'. */
function memoryLog() {
  const lines: Array<{ level: number; msg: string }> = [];
  const log = pino({ level: "trace" }, { write: (line: string) => lines.push(JSON.parse(line) as { level: number; msg: string }) });
  return { log, lines };
}

let api: FakeStockApi;
let config: StockApiConfig;

beforeAll(async () => {
  api = await startFakeStockApi(WEBSITE_ID);
  config = { base_url: api.url, website_id: WEBSITE_ID, username_env: "STOCK_USER", password_env: "STOCK_PASS" };
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  api.vehicles.clear();
});

const options = (log = memoryLog().log) => ({ log, env, retryDelayMs: 1 });

describe("stock API client (spec 000 §7)", () => {
  it("builds GET {base_url}/websites/{websiteId}/cars/{slug}.json, trailing slash or not", () => {
    expect(stockApiUrl({ ...config, base_url: "https://api.example/v2/" }, "a-b_1")).toBe(
      "https://api.example/v2/websites/4242/cars/a-b_1.json",
    );
    expect(stockApiUrl({ ...config, base_url: "https://api.example/v2" }, "x")).toBe("https://api.example/v2/websites/4242/cars/x.json");
  });

  it("sends Basic authorisation from the named env vars and parses the vehicle", async () => {
    const vehicle = makeVehicle({ id: 7, slug: "found-7" });
    api.vehicles.set("found-7", vehicle);
    const result = await fetchStockApiVehicle(config, "found-7", options());
    expect(result).toEqual({ kind: "found", vehicle });
    expect(api.requests).toHaveLength(1);
    const expected = `Basic ${Buffer.from("dealer:s3cret:with-colon").toString("base64")}`;
    expect(api.requests[0]?.authorization).toBe(expected);
    expect(api.requests[0]?.accept).toBe("application/json");
    expect(api.requests[0]?.path).toBe("/api/websites/4242/cars/found-7.json");
  });

  it("treats 404 as not found at once: one request, nothing logged as a failure", async () => {
    const { log, lines } = memoryLog();
    const result = await fetchStockApiVehicle(config, "missing", options(log));
    expect(result).toEqual({ kind: "not_found" });
    expect(api.requestsFor("missing")).toHaveLength(1);
    expect(lines.filter((line) => line.msg === FETCH_FAILED_MESSAGE)).toEqual([]);
  });

  it("retries a failure twice: two 500s then the vehicle is found on the third attempt", async () => {
    api.vehicles.set("flaky", makeVehicle({ id: 8, slug: "flaky" }));
    api.script("flaky", [{ status: 500 }, { status: 503 }]);
    const result = await fetchStockApiVehicle(config, "flaky", options());
    expect(result.kind).toBe("found");
    expect(api.requestsFor("flaky")).toHaveLength(3);
  });

  it("gives up after 3 attempts (retries: 2) and logs 'Unable to fetch data' once", async () => {
    expect(STOCK_API_RETRIES).toBe(2);
    api.script("down", [{ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 }]);
    const { log, lines } = memoryLog();
    const result = await fetchStockApiVehicle(config, "down", options(log));
    expect(result).toEqual({ kind: "failed" });
    expect(api.requestsFor("down")).toHaveLength(3);
    expect(lines.filter((line) => line.msg === FETCH_FAILED_MESSAGE)).toHaveLength(1);
  });

  it("a 404 after a failure stops the retries", async () => {
    api.script("gone", [{ status: 502 }]);
    const result = await fetchStockApiVehicle(config, "gone", options());
    expect(result).toEqual({ kind: "not_found" });
    expect(api.requestsFor("gone")).toHaveLength(2);
  });

  it("treats an invalid vehicle or invalid JSON as a failure (and retries it)", async () => {
    api.script("bad-shape", [
      { status: 200, body: { id: "not-a-number" } },
      { status: 200, body: "{not json" },
      { status: 200, body: { ...makeVehicle({ slug: "bad-shape" }), price: "lots" } },
    ]);
    const { log, lines } = memoryLog();
    const result = await fetchStockApiVehicle(config, "bad-shape", options(log));
    expect(result).toEqual({ kind: "failed" });
    expect(api.requestsFor("bad-shape")).toHaveLength(3);
    expect(lines.some((line) => line.msg === FETCH_FAILED_MESSAGE)).toBe(true);
  });

  it("fails without a request when the credentials are not set", async () => {
    const { log, lines } = memoryLog();
    const result = await fetchStockApiVehicle(config, "anything", { log, env: {}, retryDelayMs: 1 });
    expect(result).toEqual({ kind: "failed" });
    expect(api.requests).toHaveLength(0);
    expect(lines.map((line) => line.msg)).toContain(FETCH_FAILED_MESSAGE);
  });

  it("a server that does not answer in time counts as a failed attempt", async () => {
    api.script("slow", [{ hang: true }, { hang: true }, { hang: true }]);
    const started = Date.now();
    const result = await fetchStockApiVehicle(config, "slow", { ...options(), timeoutMs: 100 });
    expect(result).toEqual({ kind: "failed" });
    expect(api.requestsFor("slow")).toHaveLength(3);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

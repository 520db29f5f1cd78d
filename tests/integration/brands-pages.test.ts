import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { demoManufacturers } from "~/server/fakes/demo-manufacturers";
import { isAvailable } from "~/server/stock/availability";
import { startFakeDealerApi, type RunningFakeDealerApi } from "../fixtures/fake-dealer-api";
import { html, startFormsApp, validFields, type FormsApp } from "./forms-harness";
import { connectDealerApi, DEALER_API_ENV } from "./dealer-api-site";

let app: FormsApp;
let dealer: RunningFakeDealerApi;
const HOST = "harbourside.localhost";

beforeAll(async () => {
  dealer = await startFakeDealerApi();
  for (const [slug, data] of Object.entries(demoManufacturers())) dealer.manufacturers.set(slug, data);
  app = await startFormsApp(DEALER_API_ENV);
});

afterAll(async () => {
  await app?.close();
  await dealer?.close();
});

beforeEach(() => {
  app.tenant("harbourside").site.dealer_api = null;
  app.services.manufacturers.clear();
});

function models(body: string): { name: string; inStock: string; search: string }[] {
  return [
    ...body.matchAll(
      /data-testid="range-model".*?<a [^>]*href="[^"]+"[^>]*>([^<]+)<\/a>.*?<a (?=[^>]*data-testid="in-stock")[^>]*\bhref="([^"]+)"[^>]*>([^<]+)</g,
    ),
  ].map((m) => ({
    name: m[1] ?? "",
    search: m[2] ?? "",
    inStock: m[3] ?? "",
  }));
}

async function availableCount(make: string, model: string): Promise<number> {
  const vehicles = await app.services.stock.loadVehicles("harbourside");
  return vehicles.filter((v) => v.make === make && v.model === model && isAvailable(v) && v.show_on_dealer_website).length;
}

it("without the manufacturer call, /brands/toyota builds the range from stock: counts link to /search/{make}/{model}", async () => {
  const page = await app.send(HOST, "/brands/toyota");
  expect(page.status).toBe(200);
  const range = models(page.body);
  expect(range.map((m) => m.name)).toContain("Toyota HiLux");
  const hilux = range.find((m) => m.name === "Toyota HiLux");
  expect(hilux?.search).toBe("/search/toyota/hilux");
  expect(hilux?.inStock).toBe(`${await availableCount("Toyota", "HiLux")} in stock`);
  expect(page.body).not.toContain("bZ4X");
  expect(dealer.calls.filter((call) => call.path.startsWith("/manufacturers/"))).toEqual([]);
});

it("with build_model_pages and the dealer API, the manufacturer's range (from-prices, models not in stock), fetched once", async () => {
  connectDealerApi(app.tenant("harbourside"), dealer.url);
  const before = dealer.calls.length;
  const page = await app.send(HOST, "/brands/toyota");
  expect(page.status).toBe(200);
  const range = models(page.body);
  expect(range[0]?.name).toBe("Toyota Yaris");
  expect(range.find((m) => m.name === "Toyota bZ4X")?.inStock).toBe("0 in stock");
  expect(page.body).toContain("From $31,990");
  expect(dealer.calls.slice(before).map((call) => call.path)).toEqual(["/manufacturers/toyota.json?website_id=101"]);
  await app.send(HOST, "/brands/toyota");
  expect(dealer.calls.length).toBe(before + 1);
});

it("a make not in stock is a 404; another tenant gets brand pages for its own makes", async () => {
  expect((await app.send(HOST, "/brands/ferrari")).status).toBe(404);
  const vehicles = await app.services.stock.loadVehicles("southern-used");
  const make = vehicles.find((v) => isAvailable(v) && v.show_on_dealer_website)?.make ?? "";
  const slug = make.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  expect((await app.send("southern-used.localhost", `/brands/${slug}`)).status).toBe(200);
});

it("/brands/{make}/{model} lists that model's stock and an enquiry pre-filled with it", async () => {
  const page = await app.send(HOST, "/brands/mazda/cx-5");
  expect(page.status).toBe(200);
  const count = await availableCount("Mazda", "CX-5");
  expect((page.body.match(/data-testid="vehicle-card"/g) ?? []).length).toBeGreaterThanOrEqual(count);
  expect(page.body).toContain(html("I'm interested in the Mazda CX-5."));
  const reply = await app.postForm(
    HOST,
    "/brands/mazda/cx-5",
    validFields("general", app.tenant("harbourside"), { message: "I'm interested in the Mazda CX-5." }),
  );
  expect(reply.status).toBe(303);
  expect((await app.send(HOST, "/brands/mazda/no-such-model")).status).toBe(404);
});

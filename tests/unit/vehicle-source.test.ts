import pino from "pino";
import { describe, expect, it } from "vitest";
import { SearchUnavailableError, type SearchBackend, type SearchQuery, type SearchResult } from "~/server/search/types";
import type { Vehicle } from "~/server/stock/vehicle";
import {
  MAX_SLUG_LENGTH,
  SIMILAR_ON_PAGE,
  findLatestVehicles,
  findListedVehicle,
  findSimilarVehicles,
  isVehicleSlug,
} from "~/server/inventory/vehicle-source";
import { createEmbeddedBackend } from "~/server/search/embedded/backend";
import { similarVehicles } from "~/server/stock/similar";
import { makeTenant } from "../fixtures/tenant";
import { fixtureNow, makeVehicle } from "../fixtures/vehicles";

const day = 86_400_000;
const log = pino({ level: "silent" });
const tenant = makeTenant();

/** A backend that records every call and answers from a list (or fails). */
function fakeBackend(vehicles: Vehicle[], fail = false) {
  const calls: Array<{ kind: "get"; slug: string } | { kind: "search"; queries: SearchQuery[] }> = [];
  const backend: SearchBackend = {
    name: "embedded",
    async getVehicle(_tenant, slug) {
      calls.push({ kind: "get", slug });
      if (fail) throw new SearchUnavailableError("timed out");
      return vehicles.find((vehicle) => vehicle.slug === slug) ?? null;
    },
    async multiSearch(_tenant, queries): Promise<SearchResult[]> {
      calls.push({ kind: "search", queries });
      if (fail) throw new SearchUnavailableError("timed out");
      return queries.map((query) => ({
        indexUid: query.indexUid,
        hits: vehicles.slice(0, query.limit ?? 20),
        query: "",
        processingTimeMs: 0,
        limit: query.limit ?? 20,
        offset: 0,
        estimatedTotalHits: vehicles.length,
      }));
    },
  };
  return { backend, calls };
}

describe("vehicle slug rule (spec 000 §5)", () => {
  it("takes letters, digits, hyphen and underscore only", () => {
    expect(isVehicleSlug("2024-toyota-kluger_GXL-l8vunl")).toBe(true);
    for (const hostile of [
      "",
      "../etc/passwd",
      "a/b",
      "a\u0000b",
      "caf\u00e9",
      "a b",
      "a%2Fb",
      "a.json",
      "x".repeat(MAX_SLUG_LENGTH + 1),
    ]) {
      expect(isVehicleSlug(hostile)).toBe(false);
    }
  });
});

describe("findListedVehicle", () => {
  const listed = makeVehicle({ id: 1, slug: "listed" });
  const hidden = makeVehicle({ id: 2, slug: "hidden", show_on_dealer_website: false });
  const soldLongAgo = makeVehicle({ id: 3, slug: "sold-long-ago", status: "sold", sold: true, sold_date_timestamp: fixtureNow - 10 * day });
  const soldRecently = makeVehicle({ id: 4, slug: "sold-recently", status: "sold", sold: true, sold_date_timestamp: fixtureNow - day });
  const stock = [listed, hidden, soldLongAgo, soldRecently];
  const find = (backend: ReturnType<typeof fakeBackend>["backend"], slug: string) =>
    findListedVehicle(tenant, slug, { log, now: fixtureNow, backend });

  it("finds a listed vehicle, and a sold one still inside the sold window", async () => {
    const { backend } = fakeBackend(stock);
    expect(await find(backend, "listed")).toEqual({ kind: "found", vehicle: listed });
    expect(await find(backend, "sold-recently")).toEqual({ kind: "found", vehicle: soldRecently });
  });

  it("an unlisted vehicle is not found, but kept for 'similar'", async () => {
    const { backend } = fakeBackend(stock);
    expect(await find(backend, "hidden")).toEqual({ kind: "not_found", unlisted: hidden });
    expect(await find(backend, "sold-long-ago")).toEqual({ kind: "not_found", unlisted: soldLongAgo });
    expect(await find(backend, "nope")).toEqual({ kind: "not_found", unlisted: null });
  });

  it("never asks the backend about a hostile slug", async () => {
    const { backend, calls } = fakeBackend(stock);
    for (const slug of ["../listed", "listed%00", "x".repeat(5000), "v\u00e9hicule", "listed\u0000"]) {
      expect(await find(backend, slug)).toEqual({ kind: "not_found", unlisted: null });
    }
    expect(calls).toEqual([]);
  });

  it("a failing backend is 'unavailable', not a crash", async () => {
    const { backend } = fakeBackend(stock, true);
    expect(await find(backend, "listed")).toEqual({ kind: "unavailable" });
  });
});

describe("similar and latest vehicles", () => {
  const target = makeVehicle({ id: 10, slug: "target", price: 20_000, simple_body: "suv" });
  const near = makeVehicle({ id: 11, slug: "near", price: 21_000, simple_body: "suv" });
  const far = makeVehicle({ id: 12, slug: "far", price: 40_000, simple_body: "suv" });
  const sedan = makeVehicle({ id: 13, slug: "sedan", price: 20_500, simple_body: "sedan" });

  it("searches the same body nearest above and below the price, with the stock filter, and applies similarVehicles", async () => {
    const { backend, calls } = fakeBackend([target, near, far, sedan]);
    const similar = await findSimilarVehicles(tenant, target, { log, now: fixtureNow, backend });
    // The one in the band first, then the same body further away to fill the row; never another body.
    expect(similar.map((vehicle) => vehicle.id)).toEqual([11, 12]);
    const [call] = calls;
    const [above, below] = call?.kind === "search" ? call.queries : [];
    for (const query of [above, below]) {
      expect(query?.filter).toContain("show_on_dealer_website = true");
      expect(query?.filter).toContain(`simple_body = "suv"`);
    }
    expect(above?.filter).toContain("price >= 20000");
    expect(above?.sort).toEqual(["price:asc"]);
    expect(below?.filter).toContain("price <= 20000");
    expect(below?.sort).toEqual(["price:desc"]);
  });

  it("picks the same row as similarVehicles over the whole stock, reading a few candidates instead of all", async () => {
    const bodies = ["suv", "sedan", "ute"] as const;
    const stock = Array.from({ length: 300 }, (_, index) =>
      makeVehicle({
        id: 1000 + index,
        slug: `car-${index}`,
        simple_body: bodies[index % 3],
        // A spread of prices with repeats, some not shown (0 and 9).
        price: index % 17 === 0 ? 0 : index % 23 === 0 ? 9 : 5_000 + ((index * 7919) % 60) * 1_000,
      }),
    );
    const backend = createEmbeddedBackend(() => stock);
    let read = 0;
    const counting: SearchBackend = {
      ...backend,
      async multiSearch(tenantArg, queries) {
        const results = await backend.multiSearch(tenantArg, queries);
        read += results.reduce((sum, result) => sum + result.hits.length, 0);
        return results;
      },
    };
    for (const vehicle of stock.filter((_, index) => index % 7 === 0)) {
      read = 0;
      const picked = await findSimilarVehicles(tenant, vehicle, { log, now: fixtureNow, backend: counting });
      const expected = similarVehicles(vehicle, stock, tenant.site, fixtureNow, SIMILAR_ON_PAGE);
      // Equal prices may come in another order; the row's prices and size are the rule's.
      expect(
        picked.map((v) => v.price),
        vehicle.slug,
      ).toEqual(expected.map((v) => v.price));
      expect(read).toBeLessThanOrEqual(16);
    }
  });

  it("no body type, nothing similar and no search", async () => {
    const { backend, calls } = fakeBackend([near]);
    expect(await findSimilarVehicles(tenant, makeVehicle({ simple_body: null }), { log, now: fixtureNow, backend })).toEqual([]);
    expect(calls).toEqual([]);
  });

  it("a failed search shows none rather than failing the page", async () => {
    const { backend } = fakeBackend([], true);
    expect(await findSimilarVehicles(tenant, target, { log, now: fixtureNow, backend })).toEqual([]);
    expect(await findLatestVehicles(tenant, { log, now: fixtureNow, backend })).toEqual([]);
  });

  it("latest: newest first, listed only", async () => {
    const hidden = makeVehicle({ id: 20, slug: "hidden", show_on_dealer_website: false });
    const { backend, calls } = fakeBackend([near, hidden]);
    expect((await findLatestVehicles(tenant, { log, now: fixtureNow, backend })).map((vehicle) => vehicle.id)).toEqual([11]);
    expect(calls[0]?.kind === "search" ? calls[0].queries[0]?.sort : []).toEqual(["created_at_timestamp:desc"]);
  });
});

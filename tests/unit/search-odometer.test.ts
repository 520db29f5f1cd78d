import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatDistance } from "~/server/lib/format";
import { createEmbeddedBackend } from "~/server/search/embedded/backend";
import { facetViews } from "~/server/search/facets";
import { buildSearchQueries, searchFilter } from "~/server/search/queries";
import { readSearchResults } from "~/server/search/response";
import { parseSearchUrl } from "~/server/search/url";
import type { Vehicle } from "~/server/stock/vehicle";
import type { Tenant } from "~/server/tenants/load";
import { makeTenant } from "../fixtures/tenant";
import { fixtureNow, makeVehicle } from "../fixtures/vehicles";

const milesSite = makeTenant({ slug: "miles", locale: "en-US", distance_unit: "mi", search_filters: ["km"] });
const kmSite = makeTenant({ slug: "kms" });

function state(path: string, tenant: Tenant) {
  const parsed = parseSearchUrl(new URL(path, "https://example.test"), tenant);
  if (!parsed.ok) throw new Error(path);
  return parsed.state;
}

/** The number a card shows for the odometer, e.g. "29,450 mi" → 29450. */
function shown(vehicle: Vehicle, tenant: Tenant): number {
  return Number((formatDistance(vehicle.km, tenant.site) ?? "").replace(/[^\d]/g, ""));
}

async function hitsFor(tenant: Tenant, stock: Vehicle[], path: string): Promise<number[]> {
  const backend = createEmbeddedBackend(() => stock);
  const parsed = state(path, tenant);
  const results = await backend.multiSearch(
    tenant,
    buildSearchQueries({ ...parsed }, tenant, fixtureNow).map((query) => ({ ...query, limit: 1000 })),
  );
  return (results[0]?.hits ?? []).map((hit) => hit.id).sort((a, b) => a - b);
}

describe("the odometer filter compares in the unit the shopper sees", () => {
  it("on a miles site, 40,000–50,000 mi never returns a car showing 29,450 mi", async () => {
    // 47,395 km shows as 29,450 mi; 70,000 km as 43,496 mi.
    const stock = [makeVehicle({ id: 1, km: 47_395 }), makeVehicle({ id: 2, km: 70_000 }), makeVehicle({ id: 3, km: 90_000 })];
    expect(formatDistance(47_395, milesSite.site)).toBe("29,450 mi");
    expect(await hitsFor(milesSite, stock, "/search/used-cars?range[km]=40000:50000")).toEqual([2]);
  });

  it("keeps km sites comparing km with km", () => {
    expect(searchFilter(state("/search/used-cars?range[km]=1000:50000", kmSite), kmSite, fixtureNow).slice(-2)).toEqual([
      "km >= 1000",
      "km <= 50000",
    ]);
  });

  it("for any cars and any range, exactly the cars whose shown mileage is in the range", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 400_000 }), { minLength: 1, maxLength: 30 }),
        fc.option(fc.integer({ min: 0, max: 250_000 }), { nil: undefined }),
        fc.option(fc.integer({ min: 0, max: 250_000 }), { nil: undefined }),
        async (kms, low, high) => {
          fc.pre(low !== undefined || high !== undefined);
          const [min, max] = low !== undefined && high !== undefined && low > high ? [high, low] : [low, high];
          const stock = kms.map((km, index) => makeVehicle({ id: index + 1, km }));
          const expected = stock
            .filter((v) => (min === undefined || shown(v, milesSite) >= min) && (max === undefined || shown(v, milesSite) <= max))
            .map((v) => v.id);
          expect(await hitsFor(milesSite, stock, `/search/used-cars?range[km]=${min ?? ""}:${max ?? ""}`)).toEqual(expected);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("the range facet's bounds are in the shown unit too", async () => {
    const stock = [makeVehicle({ id: 1, km: 16_093 }), makeVehicle({ id: 2, km: 160_934 })];
    const backend = createEmbeddedBackend(() => stock);
    const parsed = state("/search/used-cars", milesSite);
    const page = readSearchResults(parsed, await backend.multiSearch(milesSite, buildSearchQueries(parsed, milesSite, fixtureNow)));
    const facet = facetViews(parsed, page, milesSite).find((view) => view.attribute === "km");
    expect(facet).toMatchObject({ kind: "range", label: "Miles", minText: "10,000 mi", maxText: "100,000 mi" });
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runQuery } from "~/server/search/embedded/run-query";
import { TenantIndex } from "~/server/search/embedded/tenant-index";
import { createMeilisearchBackend } from "~/server/search/meilisearch/backend";
import { applyIndexSettings, indexDocuments, indexingClient } from "~/server/search/meilisearch/indexing";
import type { SearchQuery } from "~/server/search/types";
import { listingSort } from "~/server/stock/listing-order";
import type { Vehicle } from "~/server/stock/vehicle";
import { startFakeMeilisearch, type FakeMeilisearch } from "../fixtures/fake-meilisearch";
import { makeTenant } from "../fixtures/tenant";
import { makeVehicle } from "../fixtures/vehicles";

// What a shopper sees first (docs/decisions.md): for sale before sold in every sort, and in the
// price sorts a shown price before none (POA, $0) — on the embedded engine and on Meilisearch.
const indexUid = "sold-last";
const car = (id: number, price: number | null, sold = false, km = 50_000, created = id): Vehicle =>
  makeVehicle({
    id,
    slug: `car-${id}`,
    stocknum: `S${id}`,
    price,
    km,
    status: sold ? "sold" : "in_stock",
    sold,
    sold_date_timestamp: sold ? 1 : null,
    created_at_timestamp: created,
  });
const vehicles = [
  car(1, 0, true, 10_000, 90),
  car(2, 0, false, 20_000),
  car(3, 18_990, true, 30_000, 95),
  car(4, 24_990),
  car(5, null),
  car(6, 12_990),
  car(7, 31_990, false, 90_000),
];

const expected: Record<string, number[]> = {
  "price:asc": [6, 4, 7, 2, 5, 3, 1],
  "price:desc": [7, 4, 6, 2, 5, 3, 1],
  "km:asc": [2, 4, 5, 6, 7, 1, 3],
  "created_at_timestamp:desc": [7, 6, 5, 4, 2, 3, 1],
};

let fake: FakeMeilisearch;
const tenant = () => makeTenant({ slug: "harbourside", search: { host: fake.url, key_env: "MEILI_SOLD_KEY", index: indexUid } });

beforeAll(async () => {
  fake = await startFakeMeilisearch("sold-key");
  process.env.MEILI_SOLD_KEY = fake.apiKey;
  const client = indexingClient({ host: fake.url, apiKey: fake.apiKey });
  await applyIndexSettings(client, indexUid, { pollIntervalMs: 5 });
  await indexDocuments(client, indexUid, vehicles, { pollIntervalMs: 5 });
});
afterAll(async () => {
  delete process.env.MEILI_SOLD_KEY;
  await fake.close();
});

const query = (sort: string): SearchQuery => ({ indexUid, sort: listingSort(sort), limit: 20 });

describe("sold and unpriced vehicles sort last", () => {
  for (const [sort, ids] of Object.entries(expected)) {
    it(`${sort}: embedded engine`, () => {
      const result = runQuery(TenantIndex.build(vehicles), query(sort));
      expect(result.hits.map((vehicle) => vehicle.id)).toEqual(ids);
    });

    it(`${sort}: Meilisearch`, async () => {
      const [result] = await createMeilisearchBackend({ timeoutMs: 2_000 }).multiSearch(tenant(), [query(sort)]);
      expect(result.hits.map((vehicle) => vehicle.id)).toEqual(ids);
    });
  }

  it("Meilisearch receives the order keys as sortable attributes and on every document", () => {
    expect(fake.settings(indexUid).sortableAttributes).toEqual(expect.arrayContaining(["sale_order", "price_order"]));
    expect(fake.documents(indexUid).map((vehicle) => [vehicle.id, vehicle.sale_order, vehicle.price_order])).toEqual([
      [1, 1, 1],
      [2, 0, 1],
      [3, 1, 0],
      [4, 0, 0],
      [5, 0, 1],
      [6, 0, 0],
      [7, 0, 0],
    ]);
  });
});

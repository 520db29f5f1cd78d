import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { applyIndexSettings, IndexingTaskError, indexDocuments, indexingClient } from "~/server/search/meilisearch/indexing";
import { filterableAttributes, sortableAttributes } from "~/server/search/meilisearch/settings";
import { startFakeMeilisearch, type FakeMeilisearch } from "../fixtures/fake-meilisearch";
import { fixtureVehicles } from "../fixtures/vehicles";
import { createStockStore } from "~/server/inventory/stock-store";
import { loadTenants } from "~/server/tenants/load";
import { openTestDb, type TestDb } from "./support/test-db";

let fake: FakeMeilisearch;
const client = () => indexingClient({ host: fake.url, apiKey: fake.apiKey });
const fast = { pollIntervalMs: 5 };

beforeAll(async () => {
  fake = await startFakeMeilisearch();
});
afterEach(() => {
  fake.requests.length = 0;
});
afterAll(async () => {
  await fake.close();
});

describe("indexing", () => {
  it("sends the settings, then the documents in batches, waiting for each task", async () => {
    await applyIndexSettings(client(), "index-a", fast);
    const tasks = await indexDocuments(client(), "index-a", fixtureVehicles, { ...fast, batchSize: 16 });
    expect(tasks.map((task) => task.status)).toEqual(["succeeded", "succeeded", "succeeded"]);
    const writes = fake.requests.filter((request) => request.method !== "GET");
    expect(writes.map((request) => `${request.method} ${request.path}`)).toEqual([
      "PATCH /indexes/index-a/settings",
      "POST /indexes/index-a/documents",
      "POST /indexes/index-a/documents",
      "POST /indexes/index-a/documents",
    ]);
    expect(writes.slice(1).map((request) => (Array.isArray(request.body) ? request.body.length : 0))).toEqual([16, 16, 8]);
    expect(fake.documents("index-a")).toHaveLength(fixtureVehicles.length);
    const settings = fake.settings("index-a");
    expect(settings.filterableAttributes).toEqual(
      expect.arrayContaining([
        "status",
        "show_on_dealer_website",
        "sold_date_timestamp",
        "slug",
        "dealership_slug",
        "simple_body",
        "make",
        "price",
      ]),
    );
    expect(settings.filterableAttributes).toHaveLength(filterableAttributes.length);
    expect(settings.sortableAttributes).toEqual([...sortableAttributes]);
    expect(settings).toMatchObject({
      rankingRules: ["words", "typo", "proximity", "attribute", "sort", "exactness", "custom_rank:desc"],
      typoTolerance: { minWordSizeForTypos: { oneTypo: 5, twoTypos: 100 } },
      faceting: { maxValuesPerFacet: 500 },
    });
  });

  it("rejects with the task's error when a task fails, and sends nothing after it", async () => {
    fake.failNextTask({ message: "The primary key `id` is missing in a document.", code: "missing_document_id" });
    const failing = indexDocuments(client(), "index-b", fixtureVehicles, { ...fast, batchSize: 20 });
    await expect(failing).rejects.toBeInstanceOf(IndexingTaskError);
    await expect(failing).rejects.toThrow(/failed: The primary key `id` is missing in a document\. \(missing_document_id\)/);
    expect(fake.requests.filter((request) => request.method === "POST")).toHaveLength(1);
  });

  it("rejects a failed settings task", async () => {
    fake.failNextTask({ message: "Attribute `x` is not valid.", code: "invalid_settings_filterable_attributes" });
    await expect(applyIndexSettings(client(), "index-c", fast)).rejects.toThrow("invalid_settings_filterable_attributes");
  });
});

describe("npm run search:index", () => {
  let tenantsDir: string;
  let db: TestDb;
  // The indexer sends the stock in the database (DATA_DIR / DATABASE_URL, which the child inherits).
  beforeAll(async () => {
    tenantsDir = mkdtempSync(path.join(tmpdir(), "forecourt-index-"));
    cpSync(path.resolve("tenants/harbourside/site.json"), path.join(tenantsDir, "harbourside/site.json"), { recursive: true });
    db = await openTestDb({ forApp: true });
    const [tenant] = loadTenants(tenantsDir);
    const report = await createStockStore(db.handle).applyImport(
      tenant,
      // The fixtures' location ids are the fixture site's; here they stand in harbourside's first yard.
      {
        bytes: Buffer.from(
          JSON.stringify({ vehicles: fixtureVehicles.map((vehicle) => ({ ...vehicle, location_id: tenant.site.locations[0].id })) }),
        ),
        format: "json",
      },
      { source: "test", force: true },
    );
    expect(report.counts.added, JSON.stringify(report).slice(0, 800)).toBe(fixtureVehicles.length);
  });
  afterAll(async () => {
    rmSync(tenantsDir, { recursive: true, force: true });
    await db?.cleanup();
  });

  // Asynchronous: the fake server answers from this same process.
  const run = () =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ["--import", "tsx", "scripts/search-index.ts", "--tenant", "harbourside", "--batch-size", "25"],
        {
          env: {
            ...process.env,
            TENANTS_DIR: tenantsDir,
            MEILISEARCH_HOST: fake.url,
            MEILISEARCH_API_KEY: fake.apiKey,
            LOG_LEVEL: "silent",
          },
        },
      );
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      child.on("error", reject);
      child.on("close", (status) => resolve({ status, stdout, stderr }));
    });

  it("indexes the tenant's stock and exits 0", async () => {
    const result = await run();
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`${fixtureVehicles.length} vehicles indexed in 2 batches`);
    expect(fake.documents("vehicles_harbourside")).toHaveLength(fixtureVehicles.length);
  });

  it("exits 1 with Meilisearch's message when a task fails", async () => {
    fake.failNextTask({ message: "Index `vehicles_harbourside` is locked.", code: "index_locked" });
    const result = await run();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Index `vehicles_harbourside` is locked. (index_locked)");
  });
});

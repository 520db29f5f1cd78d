/**
 * Sends a tenant's stock (from the database) to Meilisearch: index settings first, then the vehicles in batches,
 * waiting for every task and failing loudly (exit code 1, Meilisearch's error) if one fails.
 *   npm run search:index -- --tenant harbourside [--batch-size 5000]
 * Host and key: the tenant's site.search (key from the variable named by key_env), else
 * MEILISEARCH_HOST and MEILISEARCH_API_KEY.
 */
import { readEnv } from "../server/lib/env";
import { parseArgs } from "node:util";
import { applyIndexSettings, defaultBatchSize, indexDocuments, indexingClient } from "../server/search/meilisearch/indexing";
import { meilisearchConnectionFor } from "../server/search/meilisearch/connection";
import { searchIndexUid } from "../server/search/queries";
import { openDb } from "../server/db/connection";
import { migrateToLatest } from "../server/db/migrate";
import { createStockStore } from "../server/inventory/stock-store";
import { loadTenants } from "../server/tenants/load";

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { tenant: { type: "string" }, "batch-size": { type: "string" } }, strict: true });
  if (!values.tenant) throw new Error("--tenant <slug> is required");
  const batchSize = values["batch-size"] === undefined ? defaultBatchSize : Number(values["batch-size"]);
  if (!Number.isSafeInteger(batchSize) || batchSize < 1)
    throw new Error(`--batch-size: expected a positive whole number, got "${values["batch-size"]}"`);

  const tenant = loadTenants().find((candidate) => candidate.slug === values.tenant);
  if (!tenant) throw new Error(`--tenant: no tenant "${values.tenant}"`);
  const connection = meilisearchConnectionFor(tenant, readEnv());
  if (!connection) throw new Error(`no Meilisearch host for ${tenant.slug}: set site.search.host or MEILISEARCH_HOST`);

  // The stock in the database (imports keep Meilisearch up to date themselves; this is the first fill).
  const settings = readEnv();
  const handle = openDb({ databaseUrl: settings.DATABASE_URL, dataDir: settings.DATA_DIR });
  let vehicles;
  try {
    await migrateToLatest(handle);
    vehicles = await createStockStore(handle).loadVehicles(tenant.slug);
  } finally {
    await handle.db.destroy();
  }
  const indexUid = searchIndexUid(tenant);
  const client = indexingClient(connection);
  const started = performance.now();
  await applyIndexSettings(client, indexUid);
  process.stdout.write(`${indexUid}: settings applied\n`);
  const tasks = await indexDocuments(client, indexUid, vehicles, { batchSize });
  const took = Math.round(performance.now() - started);
  process.stdout.write(`${indexUid}: ${vehicles.length} vehicles indexed in ${tasks.length} batches (${took} ms) at ${connection.host}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`search-index: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});

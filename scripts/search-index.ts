/**
 * Sends a tenant's stock to Meilisearch: index settings first, then the vehicles in batches,
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
import { loadStock } from "../server/inventory/load-stock";
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

  const vehicles = loadStock(tenant);
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

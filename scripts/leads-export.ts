/** `npm run leads:export -- --tenant <slug> --since <date> --format csv|json|adf`: a tenant's leads on stdout. */
import { parseArgs } from "node:util";
import { readEnv } from "../server/lib/env";
import { openDb } from "../server/db/connection";
import { migrateToLatest } from "../server/db/migrate";
import { loadTenants } from "../server/tenants/load";
import { EXPORT_FORMATS, formatLeads, type ExportFormat } from "../server/leads/export";
import { listLeads } from "../server/leads/store";

function isFormat(value: string): value is ExportFormat {
  return (EXPORT_FORMATS as readonly string[]).includes(value);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { tenant: { type: "string" }, since: { type: "string" }, format: { type: "string", default: "csv" } },
  });
  const since = values.since ? Date.parse(values.since) : 0;
  const format = values.format ?? "csv";
  if (Number.isNaN(since)) throw new Error(`--since ${values.since}: expected a date like 2026-01-31`);
  if (!isFormat(format)) throw new Error(`--format ${format}: expected csv, json or adf`);
  const tenant = loadTenants().find((t) => t.slug === values.tenant);
  if (!tenant) throw new Error(`--tenant ${values.tenant ?? "(missing)"}: no such tenant`);

  const settings = readEnv();
  const handle = openDb({ databaseUrl: settings.DATABASE_URL, dataDir: settings.DATA_DIR });
  try {
    await migrateToLatest(handle);
    process.stdout.write(formatLeads(await listLeads(handle.db, tenant, since), format, tenant));
  } finally {
    await handle.db.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`leads:export: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});

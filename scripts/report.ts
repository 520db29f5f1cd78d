/** `npm run report -- --tenant <slug> [--since 2026-11-01] [--format text|csv|json]`. */
import { parseArgs } from "node:util";
import { openDb } from "../server/db/connection";
import { migrateToLatest } from "../server/db/migrate";
import { dealerReport } from "../server/events/report";
import { formatReport, type ReportFormat } from "../server/events/report-format";
import { readEnv } from "../server/lib/env";
import { loadTenants } from "../server/tenants/load";

const FORMATS: readonly ReportFormat[] = ["text", "csv", "json"];
const DEFAULT_DAYS = 7;

function sinceDate(value: string | undefined, now: number): Date {
  if (value === undefined) return new Date(now - DEFAULT_DAYS * 24 * 60 * 60 * 1000);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
    throw new Error(`--since ${value}: expected a date like 2026-11-01`);
  }
  return new Date(`${value}T00:00:00Z`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { tenant: { type: "string" }, since: { type: "string" }, format: { type: "string" } } });
  const tenant = loadTenants().find((t) => t.slug === values.tenant);
  if (!tenant) throw new Error(`--tenant ${values.tenant ?? "(missing)"}: no such tenant`);
  const format = (values.format ?? "text") as ReportFormat;
  if (!FORMATS.includes(format)) throw new Error(`--format ${values.format}: expected text, csv or json`);
  const since = sinceDate(values.since, Date.now());
  const settings = readEnv();
  const handle = openDb({ databaseUrl: settings.DATABASE_URL, dataDir: settings.DATA_DIR });
  try {
    await migrateToLatest(handle);
    process.stdout.write(formatReport(await dealerReport(handle, tenant.slug, since), format));
    if (!tenant.site.analytics.log_events) {
      process.stderr.write(
        `note: ${tenant.slug} does not log events (site.json analytics.log_events), so views, searches and calls are 0\n`,
      );
    }
  } finally {
    await handle.db.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`report: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});

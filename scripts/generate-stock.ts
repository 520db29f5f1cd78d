/**
 * Writes deterministic demo stock: tenants/<slug>/stock.json for every tenant, or one tenant's.
 *   npm run stock:generate
 *   npm run stock:generate -- --tenant outback-4x4 --now 1735689600000
 *   npm run stock:generate -- --count 50000 --out data/bench-stock.json   (benchmark set, harbourside by default)
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadTenants, type Tenant } from "../server/tenants/load";
import { stockFileSchema } from "../server/stock/vehicle";
import { formatConfigIssue } from "../server/tenants/config-error";
import { generateStockFile } from "./lib/demo-stock";

const BENCHMARK_TENANT = "harbourside";

function positiveInteger(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < 0) throw new Error(`--${name}: expected a whole number, got "${value}"`);
  return number;
}

function main(): void {
  const { values } = parseArgs({
    options: {
      tenant: { type: "string" },
      count: { type: "string" },
      out: { type: "string" },
      now: { type: "string" },
    },
    strict: true,
  });
  const now = positiveInteger("now", values.now) ?? Date.now();
  const count = positiveInteger("count", values.count);
  const tenants = loadTenants();
  const wanted = values.tenant ?? (values.out ? BENCHMARK_TENANT : undefined);
  const selected: Tenant[] = wanted === undefined ? tenants : tenants.filter((tenant) => tenant.slug === wanted);
  if (selected.length === 0) throw new Error(`--tenant: no tenant "${wanted}" in ${path.relative(process.cwd(), path.resolve("tenants"))}`);

  for (const tenant of selected) {
    const started = performance.now();
    const file = generateStockFile(tenant, { now, count });
    const checked = stockFileSchema.safeParse(file);
    const target = values.out ?? path.join(tenant.dir, "stock.json");
    const display = path.relative(process.cwd(), target) || target;
    if (!checked.success) throw new Error(formatConfigIssue(display, checked.error.issues[0]));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, JSON.stringify(file));
    const took = Math.round(performance.now() - started);
    process.stdout.write(`${display}: ${file.vehicles.length} vehicles (${took} ms)\n`);
  }
}

try {
  main();
} catch (error) {
  process.stderr.write(`generate-stock: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}

/** `npm run leads:status -- --tenant <slug>`: pending, delivered and undeliverable deliveries per destination. */
import { parseArgs } from "node:util";
import { readEnv } from "../server/lib/env";
import { openDb } from "../server/db/connection";
import { migrateToLatest } from "../server/db/migrate";
import { loadTenants } from "../server/tenants/load";
import { deliveryStatus, formatDeliveryStatus } from "../server/leads/delivery/status";

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { tenant: { type: "string" } } });
  const tenant = loadTenants().find((t) => t.slug === values.tenant);
  if (!tenant) throw new Error(`--tenant ${values.tenant ?? "(missing)"}: no such tenant`);
  const settings = readEnv();
  const handle = openDb({ databaseUrl: settings.DATABASE_URL, dataDir: settings.DATA_DIR });
  try {
    await migrateToLatest(handle);
    process.stdout.write(formatDeliveryStatus(await deliveryStatus(handle.db, tenant.slug, Date.now())));
  } finally {
    await handle.db.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`leads:status: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});

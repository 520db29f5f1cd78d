/** `npm run leads:deliver`: drains the lead outbox once (cron, or after an outage) and reports the counts. */
import { readEnv } from "../server/lib/env";
import { logger } from "../server/lib/logger";
import { openDb } from "../server/db/connection";
import { migrateToLatest } from "../server/db/migrate";
import { loadTenants } from "../server/tenants/load";
import { drainOutbox } from "../server/leads/delivery/deliverer";
import { createMailer } from "../server/leads/delivery/mailer";

const MAX_PASSES = 100;

const settings = readEnv();
const handle = openDb({ databaseUrl: settings.DATABASE_URL, dataDir: settings.DATA_DIR });
const mailer = createMailer(settings);
try {
  await migrateToLatest(handle);
  const tenants = loadTenants();
  const result = { delivered: 0, retrying: 0, undeliverable: 0 };
  // Batch after batch until a pass finds nothing due.
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const batch = await drainOutbox(handle.db, tenants, { mailer });
    result.delivered += batch.delivered;
    result.retrying += batch.retrying;
    result.undeliverable += batch.undeliverable;
    if (batch.delivered + batch.retrying + batch.undeliverable === 0) break;
  }
  logger.info(result, "lead outbox drained");
  process.stdout.write(`delivered ${result.delivered}, retrying ${result.retrying}, undeliverable ${result.undeliverable}\n`);
} catch (error) {
  process.stderr.write(`leads:deliver: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  mailer.close();
  await handle.db.destroy();
}

/** `npm run leads:retry -- --lead <id>`: the lead's undeliverable deliveries go back in the queue with a fresh 24-hour window. */
import { parseArgs } from "node:util";
import { readEnv } from "../server/lib/env";
import { openDb } from "../server/db/connection";
import { migrateToLatest } from "../server/db/migrate";
import { requeueUndeliverable } from "../server/leads/outbox";

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { lead: { type: "string" } } });
  if (!values.lead) throw new Error("--lead <id>: which lead to retry");
  const settings = readEnv();
  const handle = openDb({ databaseUrl: settings.DATABASE_URL, dataDir: settings.DATA_DIR });
  try {
    await migrateToLatest(handle);
    const lead = await handle.db.selectFrom("leads").select("id").where("id", "=", values.lead).executeTakeFirst();
    if (!lead) throw new Error(`--lead ${values.lead}: no such lead`);
    const requeued = await requeueUndeliverable(handle.db, values.lead, Date.now());
    if (requeued === 0) throw new Error(`lead ${values.lead} has no undeliverable deliveries`);
    const where = settings.LEAD_DELIVERY === "off" ? "run npm run leads:deliver to send them" : "the server sends them within seconds";
    process.stdout.write(`re-queued ${requeued} ${requeued === 1 ? "delivery" : "deliveries"} of lead ${values.lead}; ${where}\n`);
  } finally {
    await handle.db.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`leads:retry: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});

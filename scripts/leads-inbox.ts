/** `npm run leads:inbox -- [--tenant <slug>]`: what arrived in the local mailbox (lead emails while SMTP_URL is unset). */
import { parseArgs } from "node:util";
import { readEnv } from "../server/lib/env";
import { formatInbox, readInbox } from "../server/leads/delivery/local-mailbox";

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { tenant: { type: "string" } } });
  const settings = readEnv();
  if (settings.SMTP_URL) process.stderr.write("leads:inbox: SMTP_URL is set, so new lead emails go to that server, not here\n");
  process.stdout.write(formatInbox(await readInbox(settings.DATA_DIR, values.tenant), settings.DATA_DIR));
}

main().catch((error: unknown) => {
  process.stderr.write(`leads:inbox: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});

import type { Kysely } from "kysely";
import type { Database } from "~/server/db/types";
import type { Db } from "~/server/db/connection";
import type { Tenant } from "~/server/tenants/load";
import { logger } from "~/server/lib/logger";
import { outageNotice } from "~/server/lib/outage-notice";
import type { Lead } from "~/server/leads/lead-object";
import { claim, dueRows, markDelivered, markFailed, type OutboxRow } from "~/server/leads/outbox";
import { adfRequest, toAdf } from "./adf";
import { isEmailDestination } from "./destinations";
import { emailFor } from "./email";
import type { Mailer } from "./mailer";
import { readResponse } from "./response";
import { webhookRequest, type OutgoingRequest } from "./webhook";

export type DrainOptions = {
  now?: () => number;
  fetch?: typeof fetch;
  /** Where webhook secrets are read (leads.webhook.secret_env names a variable). */
  secrets?: Readonly<Record<string, string | undefined>>;
  batchSize?: number;
  timeoutMs?: number;
  /** Sends the email destinations (SMTP or the local mailbox); built once in server/services.ts. */
  mailer?: Mailer;
  /** Told of each attempt's outcome (the metrics' deliveries by destination and outcome). */
  onOutcome?: (destination: string, outcome: "delivered" | "retry" | "undeliverable") => void;
};

export type DrainResult = { delivered: number; retrying: number; undeliverable: number };

function requestFor(row: OutboxRow, tenant: Tenant, secrets: Readonly<Record<string, string | undefined>>): OutgoingRequest {
  const { webhook, adf } = tenant.site.leads;
  if (row.destination === "webhook" && webhook) {
    const secret = secrets[webhook.secret_env];
    if (!secret) throw new Error(`webhook secret ${webhook.secret_env} is not set`);
    return webhookRequest(webhook.url, row.payload, secret, row.idempotency_key);
  }
  if (row.destination === "adf" && adf) {
    const lead = JSON.parse(row.payload) as Lead;
    return adfRequest(adf.url, toAdf(lead, tenant, { id: row.lead_id, createdAt: row.lead_created_at }), row.idempotency_key);
  }
  throw new Error(`destination ${row.destination} is not configured for ${tenant.slug}`);
}

type SendOptions = Required<Omit<DrainOptions, "now" | "batchSize" | "mailer" | "onOutcome">> & { mailer: Mailer | undefined };

async function send(row: OutboxRow, tenant: Tenant | undefined, options: SendOptions): Promise<void> {
  if (!tenant) throw new Error(`tenant ${row.tenant} is not loaded`);
  if (isEmailDestination(row.destination)) {
    if (!options.mailer) throw new Error("no mailer in this process");
    await options.mailer.send(emailFor(row, tenant));
    return;
  }
  const request = requestFor(row, tenant, options.secrets);
  const response = await options.fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  await readResponse(response);
}

// fetch reports network failures as "fetch failed" with the reason (ECONNREFUSED, timeout) in cause.
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}

/** Leads whose deliveries run at the same time in one drain. */
const DELIVERY_CONCURRENCY = 8;

/** Claims due outbox rows, sends each once, and records the outcome. Safe with several workers. */
export async function drainOutbox(db: Kysely<Database>, tenants: Tenant[], options: DrainOptions = {}): Promise<DrainResult> {
  const now = options.now ?? Date.now;
  const sendOptions: SendOptions = {
    fetch: options.fetch ?? fetch,
    secrets: options.secrets ?? process.env,
    timeoutMs: options.timeoutMs ?? 10_000,
    mailer: options.mailer,
  };
  const bySlug = new Map(tenants.map((tenant) => [tenant.slug, tenant]));
  const result: DrainResult = { delivered: 0, retrying: 0, undeliverable: 0 };
  // `row` is already claimed by this worker.
  const deliver = async (row: OutboxRow) => {
    const log = logger.child({ outbox_id: row.id, lead_id: row.lead_id, tenant: row.tenant, destination: row.destination });
    // A claimed row whose lease ran out: that attempt was cut off with no outcome recorded (a crash).
    if (row.state === "sending")
      log.warn({ attempts: row.attempts }, "previous delivery attempt has no outcome; resending with the same idempotency key");
    try {
      await send(row, bySlug.get(row.tenant), sendOptions);
      await markDelivered(db, row, now());
      result.delivered += 1;
      options.onOutcome?.(row.destination, "delivered");
    } catch (error) {
      const message = describeError(error);
      const state = await markFailed(db, row, message, now());
      options.onOutcome?.(row.destination, state === "undeliverable" ? "undeliverable" : "retry");
      if (state === "undeliverable") {
        result.undeliverable += 1;
        log.error({ attempts: row.attempts + 1, error: message }, "lead undeliverable after 24 hours of retries");
      } else {
        result.retrying += 1;
        log.warn({ attempts: row.attempts + 1, error: message }, "lead delivery failed, will retry");
      }
    }
  };
  // One lead's rows go out in order (an older version never after a newer one); different leads'
  // rows go out side by side, DELIVERY_CONCURRENCY at a time: one by one, each row's claim, send and
  // record waited for each other, and a burst of leads took minutes to leave on PostgreSQL.
  const byLead = new Map<string, OutboxRow[]>();
  for (const row of await dueRows(db, now(), options.batchSize ?? 50)) byLead.set(row.lead_id, [...(byLead.get(row.lead_id) ?? []), row]);
  const queues = [...byLead.values()];
  const worker = async () => {
    // A lead's rows are claimed together (one statement), then sent one after the other.
    for (let rows = queues.shift(); rows; rows = queues.shift()) for (const row of await claim(db, rows, now())) await deliver(row);
  };
  await Promise.all(Array.from({ length: Math.min(DELIVERY_CONCURRENCY, queues.length) }, worker));
  return result;
}

/** Drains every intervalMs, never overlapping; stop() waits for the running drain (graceful shutdown). */
export function startDeliverer(
  getDb: () => Promise<Db>,
  tenants: Tenant[],
  intervalMs: number,
  options: DrainOptions = {},
): { stop: () => Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  // Every interval while the database is away: logged when it starts failing and when it works again.
  const drainFailure = outageNotice(logger, "lead outbox drain failed; leads stay queued and are retried", "lead outbox drains again");

  const tick = () => {
    running = (async () => {
      try {
        const handle = await getDb();
        const batchSize = options.batchSize ?? 50;
        // Keep draining while whole batches come back, so a burst of leads goes out in one tick, not one batch per interval.
        for (;;) {
          const drained = await drainOutbox(handle.db, tenants, { ...options, batchSize });
          if (stopped || drained.delivered + drained.retrying + drained.undeliverable < batchSize) break;
        }
        drainFailure.up();
      } catch (error) {
        drainFailure.down(error);
      }
    })().finally(() => {
      if (!stopped) timer = setTimeout(tick, intervalMs);
    });
  };
  timer = setTimeout(tick, 0);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

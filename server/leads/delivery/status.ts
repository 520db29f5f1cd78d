import type { Kysely } from "kysely";
import type { Database } from "~/server/db/types";

export type DestinationCounts = { destination: string; pending: number; delivered: number; undeliverable: number };
export type UndeliverableLead = { lead_id: string; destination: string; attempts: number; last_error: string | null; created_at: number };
export type DeliveryStatus = {
  tenant: string;
  destinations: DestinationCounts[];
  /** Age of the oldest row still waiting to go out, or null when nothing waits. */
  oldest_pending_ms: number | null;
  undeliverable: UndeliverableLead[];
};

// A row being sent is still waiting as far as the dealer is concerned; superseded rows were replaced by a newer version.
const WAITING = ["pending", "sending"];

/** `npm run leads:status`: what a tenant's outbox holds, per destination. */
export async function deliveryStatus(db: Kysely<Database>, tenant: string, now: number): Promise<DeliveryStatus> {
  const grouped = await db
    .selectFrom("lead_outbox")
    .select([
      "destination",
      "state",
      (eb) => eb.fn.countAll<number | string | bigint>().as("count"),
      (eb) => eb.fn.min("created_at").as("oldest"),
    ])
    .where("tenant", "=", tenant)
    .where("state", "in", [...WAITING, "delivered", "undeliverable"])
    .groupBy(["destination", "state"])
    .orderBy("destination")
    .execute();
  const byDestination = new Map<string, DestinationCounts>();
  let oldest: number | null = null;
  for (const row of grouped) {
    const counts = byDestination.get(row.destination) ?? { destination: row.destination, pending: 0, delivered: 0, undeliverable: 0 };
    const count = Number(row.count);
    if (WAITING.includes(row.state)) {
      counts.pending += count;
      const created = Number(row.oldest);
      oldest = oldest === null ? created : Math.min(oldest, created);
    } else if (row.state === "delivered") counts.delivered += count;
    else counts.undeliverable += count;
    byDestination.set(row.destination, counts);
  }
  const undeliverable = await db
    .selectFrom("lead_outbox")
    .select(["lead_id", "destination", "attempts", "last_error", "created_at"])
    .where("tenant", "=", tenant)
    .where("state", "=", "undeliverable")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return {
    tenant,
    destinations: [...byDestination.values()],
    oldest_pending_ms: oldest === null ? null : now - oldest,
    undeliverable: undeliverable.map((row) => ({ ...row, attempts: Number(row.attempts), created_at: Number(row.created_at) })),
  };
}

/** A waiting time as a dealer reads it: `45 s`, `12 min`, `3 h 5 min`, `2 d 4 h`. */
export function formatAge(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`;
}

/** The text `npm run leads:status` prints. */
export function formatDeliveryStatus(status: DeliveryStatus): string {
  const lines = [`Lead delivery for ${status.tenant}`];
  if (status.destinations.length === 0) {
    lines.push("No deliveries yet.");
  } else {
    const width = Math.max(11, ...status.destinations.map((d) => d.destination.length));
    lines.push(`${"destination".padEnd(width)}  ${"pending".padStart(7)}  ${"delivered".padStart(9)}  ${"undeliverable".padStart(13)}`);
    for (const d of status.destinations) {
      lines.push(
        `${d.destination.padEnd(width)}  ${String(d.pending).padStart(7)}  ${String(d.delivered).padStart(9)}  ${String(d.undeliverable).padStart(13)}`,
      );
    }
  }
  lines.push(status.oldest_pending_ms === null ? "Oldest pending: none" : `Oldest pending: ${formatAge(status.oldest_pending_ms)}`);
  if (status.undeliverable.length > 0) {
    lines.push("", "Undeliverable:");
    for (const row of status.undeliverable) {
      lines.push(
        `  ${row.lead_id}  ${row.destination}  ${new Date(row.created_at).toISOString()}  ${row.attempts} attempts  last error: ${row.last_error ?? "(none)"}`,
      );
    }
    lines.push("Re-queue one with: npm run leads:retry -- --lead <id>");
  }
  return `${lines.join("\n")}\n`;
}

export type WaitingByDestination = { destination: string; pending: number; oldestCreatedAt: number | null };

/** For the metrics: deliveries still waiting over every tenant, per destination kind, with the oldest's creation time. */
export async function outboxWaiting(db: Kysely<Database>): Promise<WaitingByDestination[]> {
  const rows = await db
    .selectFrom("lead_outbox")
    .select(["destination", (eb) => eb.fn.countAll<number | string | bigint>().as("count"), (eb) => eb.fn.min("created_at").as("oldest")])
    .where("state", "in", WAITING)
    .groupBy("destination")
    .execute();
  return rows.map((row) => ({
    destination: row.destination,
    pending: Number(row.count),
    oldestCreatedAt: row.oldest === null ? null : Number(row.oldest),
  }));
}

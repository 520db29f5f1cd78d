import type { Kysely } from "kysely";
import type { Database } from "~/server/db/types";
import type { Lead } from "~/server/leads/lead-object";

export type PaymentStatus = "pending" | "paid" | "refunded";

export type PaymentRecord = {
  id: string;
  tenant: string;
  provider: string;
  vehicleId: number;
  vehicleSlug: string;
  amountCents: number;
  currency: string;
  status: PaymentStatus;
  paymentIntent: string | null;
  lead: Lead;
  leadId: string | null;
};

function statusOf(value: string): PaymentStatus {
  return value === "paid" || value === "refunded" ? value : "pending";
}

/** The vehicles a paid (not refunded) deposit holds on this site: a stock import keeps them reserved. */
export async function vehiclesHeldByDeposit(db: Kysely<Database>, tenant: string): Promise<Set<number>> {
  const rows = await db.selectFrom("payments").select("vehicle_id").where("tenant", "=", tenant).where("status", "=", "paid").execute();
  return new Set(rows.map((row) => Number(row.vehicle_id)));
}

/** A checkout started: the lead waits here until the provider confirms payment. The same session again (idempotent retry) updates the lead. */
export async function savePendingPayment(
  db: Kysely<Database>,
  record: Omit<PaymentRecord, "status" | "paymentIntent" | "leadId">,
  now: number,
): Promise<void> {
  await db
    .insertInto("payments")
    .values({
      id: record.id,
      tenant: record.tenant,
      provider: record.provider,
      vehicle_id: record.vehicleId,
      vehicle_slug: record.vehicleSlug,
      amount_cents: record.amountCents,
      currency: record.currency,
      status: "pending",
      payment_intent: null,
      lead: JSON.stringify(record.lead),
      lead_id: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) =>
      conflict
        .column("id")
        .doUpdateSet({ lead: JSON.stringify(record.lead), updated_at: now })
        .where("payments.status", "=", "pending"),
    )
    .execute();
}

export async function findPayment(db: Kysely<Database>, tenant: string | null, id: string): Promise<PaymentRecord | null> {
  let query = db.selectFrom("payments").selectAll().where("id", "=", id);
  if (tenant !== null) query = query.where("tenant", "=", tenant);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    tenant: row.tenant,
    provider: row.provider,
    vehicleId: Number(row.vehicle_id),
    vehicleSlug: row.vehicle_slug,
    amountCents: Number(row.amount_cents),
    currency: row.currency,
    status: statusOf(row.status),
    paymentIntent: row.payment_intent,
    lead: JSON.parse(row.lead) as Lead,
    leadId: row.lead_id,
  };
}

/** Moves a pending payment on; false when another delivery of the notification already did. */
export async function settlePayment(
  db: Kysely<Database>,
  id: string,
  update: { status: "paid" | "refunded"; paymentIntent: string | null; leadId: string | null },
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable("payments")
    .set({ status: update.status, payment_intent: update.paymentIntent, lead_id: update.leadId, updated_at: now })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records a handled notification; false when it had been handled before (a replay). */
export async function firstDelivery(db: Kysely<Database>, eventId: string, now: number): Promise<boolean> {
  const result = await db
    .insertInto("payment_events")
    .values({ id: eventId, received_at: now })
    .onConflict((conflict) => conflict.column("id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function seenEvent(db: Kysely<Database>, eventId: string): Promise<boolean> {
  return (await db.selectFrom("payment_events").select("id").where("id", "=", eventId).executeTakeFirst()) !== undefined;
}

import { createHash } from "node:crypto";
import type { Db } from "~/server/db/connection";
import type { Mailer } from "~/server/leads/delivery/mailer";
import type { Logger } from "~/server/lib/logger";
import { vehicleHref } from "~/server/stock/can-reserve";
import { priceDisplay } from "~/server/stock/price-display";
import type { Vehicle } from "~/server/stock/vehicle";
import { vehicleTitle } from "~/server/stock/vehicle-title";
import type { Tenant } from "~/server/tenants/load";
import { alertDedupeKey, alertFor, baselineOf, type AlertKind } from "./alert-rules";
import { unsubscribeToken } from "./unsubscribe-token";

export type AlertDeps = {
  db: Db;
  mailer: Mailer;
  secrets: readonly string[];
  log: Logger;
  vehiclesByIds(tenant: string, ids: readonly number[]): Promise<Vehicle[]>;
};

export type AlertEmail = { subject: string; text: string };

/** The email: what changed, the car's page, and an unsubscribe link that needs no sign-in. */
export function alertEmail(kind: AlertKind, vehicle: Vehicle, tenant: Tenant, unsubscribeUrl: string): AlertEmail {
  const title = vehicleTitle(vehicle);
  const url = new URL(vehicleHref(vehicle, tenant.site), tenant.site.url).toString();
  const price = priceDisplay(vehicle, tenant.site).text;
  const subject = kind === "sold" ? `Sold: ${title}` : `Price drop: ${title} is now ${price}`;
  const what =
    kind === "sold"
      ? `The ${title} you saved at ${tenant.site.name} has sold.`
      : `The ${title} you saved at ${tenant.site.name} is now ${price}.`;
  const text =
    `${what}\n\n${url}\n\n` +
    `You get this email because you asked for price-drop and sold alerts for this car.\n` +
    `Stop emails about this car: ${unsubscribeUrl}\n`;
  return { subject, text };
}

export function unsubscribeUrl(tenant: Tenant, secrets: readonly string[], savedId: number): string {
  const url = new URL("/saved-cars/unsubscribe", tenant.site.url);
  url.searchParams.set("token", unsubscribeToken(secrets, { tenant: tenant.slug, savedId }));
  return url.toString();
}

/**
 * After an import changed prices or sold cars, each opted-in saved car of a garage
 * account whose price fell below what its last alert saw, or that is newly sold, gets one email. The
 * dedupe row is claimed before sending (two instances, or the same import twice, send once); a failed
 * send gives the claim back so the next import tries again.
 */
export async function sendSavedCarAlerts(deps: AlertDeps, tenant: Tenant, now = Date.now()): Promise<number> {
  const { db } = deps.db;
  // Alerts are for garage accounts only (owner `u:<id>`): an anonymous visitor has no email.
  const saved = await db
    .selectFrom("saved_cars")
    .select(["id", "owner", "vehicle_id", "alert_price", "alert_status"])
    .where("tenant", "=", tenant.slug)
    .where("alerts", "=", 1)
    .where("owner", "like", "u:%")
    .execute();
  if (saved.length === 0) return 0;
  const users = await db
    .selectFrom("garage_users")
    .select(["id", "email"])
    .where("tenant", "=", tenant.slug)
    .where("id", "in", [...new Set(saved.map((row) => row.owner.slice(2)))])
    .execute();
  const emails = new Map(users.map((user) => [user.id, user.email]));
  const rows = saved.flatMap((row) => {
    const email = emails.get(row.owner.slice(2));
    return email === undefined ? [] : [{ ...row, user_id: row.owner.slice(2), email }];
  });
  if (rows.length === 0) return 0;
  const vehicles = new Map(
    (await deps.vehiclesByIds(tenant.slug, [...new Set(rows.map((r) => Number(r.vehicle_id)))])).map((v) => [v.id, v]),
  );
  let sent = 0;
  for (const row of rows) {
    const vehicle = vehicles.get(Number(row.vehicle_id)) ?? null;
    const kind = alertFor(row, vehicle);
    if (kind === null || vehicle === null) continue;
    const key = alertDedupeKey(tenant.slug, row.user_id, vehicle.id, kind, vehicle.price);
    const claimed = await db
      .insertInto("garage_alerts_sent")
      .values({ dedupe_key: key, tenant: tenant.slug, user_id: row.user_id, vehicle_id: vehicle.id, kind, sent_at: now })
      .onConflict((conflict) => conflict.column("dedupe_key").doNothing())
      .executeTakeFirst();
    await db.updateTable("saved_cars").set(baselineOf(vehicle)).where("id", "=", Number(row.id)).execute();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0n) === 0) continue;
    const email = alertEmail(kind, vehicle, tenant, unsubscribeUrl(tenant, deps.secrets, Number(row.id)));
    try {
      await deps.mailer.send({
        tenant: tenant.slug,
        key: `garage-alert-${createHash("sha256").update(key).digest("hex").slice(0, 32)}`,
        fromName: tenant.site.name,
        to: row.email,
        replyTo: null,
        subject: email.subject,
        text: email.text,
        html: null,
      });
      sent += 1;
    } catch (error) {
      deps.log.error(
        { err: error, tenant: tenant.slug, vehicle: vehicle.id },
        "saved-car alert could not be sent; the next import tries again",
      );
      await db.deleteFrom("garage_alerts_sent").where("dedupe_key", "=", key).execute();
      await db
        .updateTable("saved_cars")
        .set({ alert_price: row.alert_price, alert_status: row.alert_status })
        .where("id", "=", Number(row.id))
        .execute();
    }
  }
  if (sent > 0) deps.log.info({ tenant: tenant.slug, sent }, "saved-car alerts sent");
  return sent;
}

/** The import pipeline's hook: alerts never fail or undo an import; a failure is logged. */
export function alertsAfterImport(deps: AlertDeps): (tenant: Tenant) => Promise<void> {
  return async (tenant) => {
    try {
      await sendSavedCarAlerts(deps, tenant);
    } catch (error) {
      deps.log.error({ err: error, tenant: tenant.slug }, "saved-car alerts failed after an import");
    }
  };
}

export type BackgroundAlerts = {
  /** The import's hook: starts the tenant's alerts and returns at once (the import does not wait). */
  afterImport: (tenant: Tenant) => Promise<void>;
  /** Resolves when no alert run is in flight or queued (tests, graceful shutdown). */
  idle: () => Promise<void>;
};

/**
 * In the server: alerts go out after the import has committed and answered. One run per
 * tenant at a time; an import that lands while a run is in flight queues one more run (which sees
 * both imports' changes), so a burst of pushes costs at most two runs. The dedupe rows still make
 * each email go once across instances; a failure is logged and never touches the import.
 */
export function backgroundAlerts(deps: AlertDeps): BackgroundAlerts {
  return inBackground(alertsAfterImport(deps));
}

/** The scheduling of backgroundAlerts, apart from the database: `run` must not reject. */
export function inBackground(run: (tenant: Tenant) => Promise<void>): BackgroundAlerts {
  const running = new Map<string, Promise<void>>();
  const queued = new Set<string>();
  const start = (tenant: Tenant): Promise<void> => {
    const done = run(tenant).finally(() => {
      running.delete(tenant.slug);
      if (queued.delete(tenant.slug)) start(tenant);
    });
    running.set(tenant.slug, done);
    return done;
  };
  return {
    afterImport: (tenant) => {
      if (running.has(tenant.slug)) queued.add(tenant.slug);
      else void start(tenant);
      return Promise.resolve();
    },
    idle: async () => {
      while (running.size > 0) await Promise.all(running.values());
    },
  };
}

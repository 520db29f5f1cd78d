import type { Db } from "~/server/db/connection";
import type { Vehicle } from "~/server/stock/vehicle";
import { baselineOf } from "./alert-rules";
import {
  mergeFavourites,
  ownerKey,
  toggleDecision,
  type Owner,
  type SavedEntry,
  type ToggleDecision,
  type ToggleIntent,
} from "./favourites";

export type SavedCarRow = {
  id: number;
  vehicle_id: number;
  saved_at: number;
  saved_price: number | null;
  alerts: number;
  alert_price: number | null;
  alert_status: string | null;
};

/** Saved cars in the database, per tenant and owner (server-side, not a growing cookie). */
export function savedCarStore(handle: Db) {
  const { db } = handle;

  async function rows(tenant: string, owner: Owner): Promise<SavedCarRow[]> {
    const found = await db
      .selectFrom("saved_cars")
      .select(["id", "vehicle_id", "saved_at", "saved_price", "alerts", "alert_price", "alert_status"])
      .where("tenant", "=", tenant)
      .where("owner", "=", ownerKey(owner))
      .orderBy("saved_at", "desc")
      .orderBy("id", "desc")
      .execute();
    return found.map((row) => ({ ...row, id: Number(row.id), vehicle_id: Number(row.vehicle_id) }));
  }

  async function ids(tenant: string, owner: Owner): Promise<number[]> {
    return (await rows(tenant, owner)).map((row) => row.vehicle_id);
  }

  /** Adds or removes one car; the vehicle (already checked to be this tenant's) gives the saved price. */
  async function toggle(tenant: string, owner: Owner, vehicle: Vehicle, intent: ToggleIntent, now: number): Promise<ToggleDecision> {
    const decision = toggleDecision(await ids(tenant, owner), vehicle.id, intent);
    const key = ownerKey(owner);
    if (decision.kind === "remove") {
      await db
        .deleteFrom("saved_cars")
        .where("tenant", "=", tenant)
        .where("owner", "=", key)
        .where("vehicle_id", "=", vehicle.id)
        .execute();
    } else if (decision.kind === "add") {
      await db
        .insertInto("saved_cars")
        .values({ tenant, owner: key, vehicle_id: vehicle.id, saved_at: now, saved_price: vehicle.price, ...baselineOf(vehicle) })
        .onConflict((conflict) => conflict.columns(["tenant", "owner", "vehicle_id"]).doNothing())
        .execute();
    }
    return decision;
  }

  /** At sign-in the visitor's list joins the account's (up to the cap) and the visitor's is emptied. */
  async function mergeInto(tenant: string, visitor: Owner, user: Owner): Promise<number> {
    const entry = (row: SavedCarRow): SavedEntry => ({ vehicleId: row.vehicle_id, savedAt: row.saved_at, savedPrice: row.saved_price });
    const visitorRows = await rows(tenant, visitor);
    if (visitorRows.length === 0) return 0;
    const added = mergeFavourites((await rows(tenant, user)).map(entry), visitorRows.map(entry));
    const byVehicle = new Map(visitorRows.map((row) => [row.vehicle_id, row]));
    await db.transaction().execute(async (trx) => {
      for (const item of added) {
        const row = byVehicle.get(item.vehicleId)!;
        await trx
          .insertInto("saved_cars")
          .values({
            tenant,
            owner: ownerKey(user),
            vehicle_id: row.vehicle_id,
            saved_at: row.saved_at,
            saved_price: row.saved_price,
            alert_price: row.alert_price,
            alert_status: row.alert_status,
          })
          .onConflict((conflict) => conflict.columns(["tenant", "owner", "vehicle_id"]).doNothing())
          .execute();
      }
      await trx.deleteFrom("saved_cars").where("tenant", "=", tenant).where("owner", "=", ownerKey(visitor)).execute();
    });
    return added.length;
  }

  /** Opt in or out of alerts for one saved car; opting in starts from the car as it is now. */
  async function setAlerts(tenant: string, owner: Owner, vehicle: Vehicle, on: boolean): Promise<boolean> {
    const result = await db
      .updateTable("saved_cars")
      .set(on ? { alerts: 1, ...baselineOf(vehicle) } : { alerts: 0 })
      .where("tenant", "=", tenant)
      .where("owner", "=", ownerKey(owner))
      .where("vehicle_id", "=", vehicle.id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The unsubscribe link: alerts off for one saved car of this tenant, whoever owns it. */
  async function stopAlerts(tenant: string, savedId: number): Promise<void> {
    await db.updateTable("saved_cars").set({ alerts: 0 }).where("tenant", "=", tenant).where("id", "=", savedId).execute();
  }

  return { rows, ids, toggle, mergeInto, setAlerts, stopAlerts };
}

export type SavedCarStore = ReturnType<typeof savedCarStore>;

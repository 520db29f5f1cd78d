/** A visitor's (or a garage account's) saved cars are capped at 100. */
export const MAX_SAVED_CARS = 100;

/** Whose list: a visitor's opaque device id (server/visitor/ids.ts) or a garage account. */
export type Owner = { kind: "visitor"; deviceId: string } | { kind: "user"; userId: string };

export function ownerKey(owner: Owner): string {
  return owner.kind === "visitor" ? `v:${owner.deviceId}` : `u:${owner.userId}`;
}

export type ToggleIntent = "add" | "remove";

export type ToggleDecision = { kind: "add" } | { kind: "remove" } | { kind: "unchanged" } | { kind: "full" };

/**
 * What a toggle does to a list: adding a car already saved or removing one not saved changes nothing
 * (a double click or two tabs); a 101st car is refused.
 */
export function toggleDecision(saved: readonly number[], carId: number, intent: ToggleIntent): ToggleDecision {
  const has = saved.includes(carId);
  if (intent === "remove") return has ? { kind: "remove" } : { kind: "unchanged" };
  if (has) return { kind: "unchanged" };
  return saved.length >= MAX_SAVED_CARS ? { kind: "full" } : { kind: "add" };
}

export type SavedEntry = { vehicleId: number; savedAt: number; savedPrice: number | null };

/**
 * At sign-in the visitor's anonymous favourites join the account's. The account's own
 * entries stay as they are; the visitor's new ones are added, most recent first, up to the cap.
 */
export function mergeFavourites(account: readonly SavedEntry[], visitor: readonly SavedEntry[]): SavedEntry[] {
  const have = new Set(account.map((entry) => entry.vehicleId));
  const room = Math.max(0, MAX_SAVED_CARS - account.length);
  return [...visitor]
    .filter((entry) => !have.has(entry.vehicleId))
    .sort((a, b) => b.savedAt - a.savedAt)
    .slice(0, room);
}

/** A car id from a form or URL: a positive safe integer, else null (never a 5xx). */
export function parseCarId(value: unknown): number | null {
  if (typeof value !== "string" || !/^[1-9][0-9]{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

import { dealerApiGet, type DealerApiConfig, type DealerApiOptions } from "./dealer-api-client";
import { parseSlots, type BookingKind, type Slot } from "./slots";

export type { DealerApiConfig } from "./dealer-api-client";

export type SlotsResult = { kind: "ok"; slots: Slot[]; timeZone: string | null } | { kind: "failed" };

export type SlotApiOptions = DealerApiOptions & { now: number };

const PATHS: Record<BookingKind, string> = {
  appointment: "available_appointment_bookings.json",
  service: "available_service_bookings.json",
};

/** spec 000 §7: `/dealerships/{dealershipId}/available_appointment_bookings.json` (or …service…). */
export function slotApiPath(dealershipId: number, kind: BookingKind): string {
  return `/dealerships/${dealershipId}/${PATHS[kind]}`;
}

/**
 * The dealership's next free slots, or `failed` after the client's retries (already logged): the form then
 * keeps its free date field.
 */
export async function fetchSlots(
  config: DealerApiConfig,
  dealershipId: number,
  kind: BookingKind,
  options: SlotApiOptions,
): Promise<SlotsResult> {
  const result = await dealerApiGet(
    config,
    slotApiPath(dealershipId, kind),
    (body) => {
      const parsed = parseSlots(body, options.now);
      if (!parsed) throw new Error("booking slots: the answer has no slots list");
      return parsed;
    },
    "booking slots",
    options,
  );
  return result ? { kind: "ok", ...result } : { kind: "failed" };
}

import type { Logger } from "../lib/logger";
import type { Site } from "../tenants/schema";
import { dealerApiError } from "./response-error";
import { parseSlots, type BookingKind, type Slot } from "./slots";

export type BookingsApiConfig = NonNullable<Site["bookings_api"]>;

export type SlotsResult = { kind: "ok"; slots: Slot[]; timeZone: string | null } | { kind: "failed" };

// spec 000 §9: the vehicle fetch retries twice; the slot calls do the same (issue 16).
export const SLOT_API_RETRIES = 2;
// Not in the spec: a form page never waits long for the dealer's calendar; late means free date fields.
export const SLOT_API_ATTEMPT_TIMEOUT_MS = 1_200;
export const SLOT_API_BUDGET_MS = 3_000;
const RETRY_DELAY_MS = 100;

export type SlotApiOptions = {
  log: Logger;
  now: number;
  fetch?: typeof fetch;
  env?: Readonly<Record<string, string | undefined>>;
  attemptTimeoutMs?: number;
  budgetMs?: number;
};

const PATHS: Record<BookingKind, string> = {
  appointment: "available_appointment_bookings.json",
  service: "available_service_bookings.json",
};

/** spec 000 §7: `GET {api}/dealerships/{dealershipId}/available_appointment_bookings.json` (or …service…). */
export function slotApiUrl(config: BookingsApiConfig, dealershipId: number, kind: BookingKind): string {
  return `${config.base_url.replace(/\/+$/, "")}/dealerships/${dealershipId}/${PATHS[kind]}`;
}

function authorization(config: BookingsApiConfig, env: Readonly<Record<string, string | undefined>>): string | null {
  const username = env[config.username_env];
  const password = env[config.password_env];
  if (!username || password === undefined) return null;
  return `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;
}

async function attempt(url: string, auth: string, timeoutMs: number, options: SlotApiOptions): Promise<SlotsResult & { kind: "ok" }> {
  const response = await (options.fetch ?? fetch)(url, {
    headers: { Accept: "application/json", Authorization: auth },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw await dealerApiError(response);
  const parsed = parseSlots(await response.json(), options.now);
  if (!parsed) throw new Error("booking slots: the answer has no slots list");
  return { kind: "ok", ...parsed };
}

/**
 * The dealership's next free slots. Any failure (no credentials, network, timeout, non-OK with the spec's
 * response-handler message, junk) is retried twice within a short budget, logged, and answered `failed`:
 * the form then keeps its free date field (issue 16).
 */
export async function fetchSlots(
  config: BookingsApiConfig,
  dealershipId: number,
  kind: BookingKind,
  options: SlotApiOptions,
): Promise<SlotsResult> {
  const url = slotApiUrl(config, dealershipId, kind);
  const auth = authorization(config, options.env ?? process.env);
  if (!auth) {
    options.log.warn({ url, username_env: config.username_env }, "booking slots: API credentials not set");
    return { kind: "failed" };
  }
  const deadline = Date.now() + (options.budgetMs ?? SLOT_API_BUDGET_MS);
  let lastError: unknown;
  for (let attemptNumber = 0; attemptNumber <= SLOT_API_RETRIES; attemptNumber++) {
    if (attemptNumber > 0) await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS * attemptNumber));
    const remaining = deadline - Date.now();
    if (remaining <= 0) break;
    try {
      return await attempt(url, auth, Math.min(options.attemptTimeoutMs ?? SLOT_API_ATTEMPT_TIMEOUT_MS, remaining), options);
    } catch (error) {
      lastError = error;
    }
  }
  options.log.warn({ err: lastError, url }, "booking slots unavailable; the form offers free date fields");
  return { kind: "failed" };
}

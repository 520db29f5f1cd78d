import { AU_STATES } from "~/server/multi-step/step-fields";
import { PARTNER_MESSAGES } from "./messages";

/** A registration to look up: plate (letters and digits, upper case) and the Australian state that issued it. */
export type RegoQuery = { rego: string; state: string };

export type RegoQueryResult = { ok: true; query: RegoQuery } | { ok: false; message: string };

const PLATE = /^[A-Z0-9]{1,10}$/;

/**
 * NEVDIS and Autograb look up Australian registrations by plate and state (spec 000 §7 "Trade-in
 * lookup by rego and regoState"). Spaces and hyphens people type in plates are dropped.
 */
export function parseRegoQuery(rego: unknown, state: unknown): RegoQueryResult {
  const plate = typeof rego === "string" ? rego.replace(/[\s-]+/g, "").toUpperCase() : "";
  if (plate === "") return { ok: false, message: PARTNER_MESSAGES.regoRequired };
  if (!PLATE.test(plate)) return { ok: false, message: PARTNER_MESSAGES.regoFormat };
  const region = typeof state === "string" ? state.trim().toUpperCase() : "";
  if (!(AU_STATES as readonly string[]).includes(region)) return { ok: false, message: PARTNER_MESSAGES.stateRequired };
  return { ok: true, query: { rego: plate, state: region } };
}

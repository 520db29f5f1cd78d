import type { Cookie } from "@remix-run/node";
import { z } from "~/server/lib/zod";
import { multiStepStateSchema, startMultiStep, type MultiStepState } from "~/server/leads/multi-step";
import { cookieValue, siteCookie, type CookieSettings } from "~/server/security/cookie-settings";
import type { Tenant } from "~/server/tenants/load";
import type { FlowDefinition } from "~/server/multi-step/flow-types";

/** Browsers drop cookies over 4096 bytes (name, value and attributes). */
export const FLOW_COOKIE_BYTES_LIMIT = 4000;
/** A visitor may come back to a half-done application within a week. */
const FLOW_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

const flowCookieSchema = z.object({
  /** The tenant the lead belongs to: a cookie carried to another tenant's host starts over. */
  tenant: z.string(),
  state: multiStepStateSchema,
  /** Validated values of the steps submitted so far (never unvalidated input). */
  values: z.record(z.string(), z.union([z.string().max(1000), z.boolean()])),
  /** The stock vehicle the flow is about (?car_id=), re-read from stock on every use. */
  car_id: z
    .string()
    .regex(/^\d{1,12}$/)
    .nullable(),
  /** Photos attached so far, so every later version of the lead keeps has_files. */
  files: z.number().int().min(0).max(1000),
  /**
   * The nonce stored with the lead by the step that wrote it last. A replayed older
   * cookie carries an older nonce, and the store refuses its writes.
   */
  nonce: z.string().max(64).nullable().default(null),
});
export type FlowProgress = z.infer<typeof flowCookieSchema>;

export class FlowCookieTooLargeError extends Error {}

function flowCookie(flow: FlowDefinition, settings: CookieSettings): Cookie {
  return siteCookie(flow.cookieName, settings, { maxAgeSeconds: FLOW_MAX_AGE_SECONDS, path: flow.path });
}

export function startProgress(flow: FlowDefinition, tenant: Tenant): FlowProgress {
  return { tenant: tenant.slug, state: startMultiStep(flow.steps.length), values: {}, car_id: null, files: 0, nonce: null };
}

function fits(flow: FlowDefinition, state: MultiStepState): boolean {
  return state.total_steps === flow.steps.length && state.current_step <= flow.steps.length && !state.completed;
}

/**
 * The visitor's progress through this flow. Absent, tampered (bad signature), malformed, for
 * another tenant or for another shape of the flow: a fresh start, so nobody can name someone
 * else's lead (the id lives only in this signed cookie).
 */
export async function readProgress(
  request: Request,
  flow: FlowDefinition,
  tenant: Tenant,
  cookies: CookieSettings,
): Promise<{ progress: FlowProgress; restarted: boolean }> {
  const header = request.headers.get("Cookie");
  const stored = cookieValue(flowCookieSchema, await flowCookie(flow, cookies).parse(header));
  if (stored !== null && stored.tenant === tenant.slug && fits(flow, stored.state)) return { progress: stored, restarted: false };
  const present = header !== null && header.split(/;\s*/).some((pair) => pair.startsWith(`${flow.cookieName}=`));
  return { progress: startProgress(flow, tenant), restarted: present };
}

/** The Set-Cookie header for the progress; throws FlowCookieTooLargeError rather than let a browser drop it. */
export async function commitProgress(flow: FlowDefinition, progress: FlowProgress, cookies: CookieSettings): Promise<string> {
  const header = await flowCookie(flow, cookies).serialize(progress);
  if (header.length > FLOW_COOKIE_BYTES_LIMIT) throw new FlowCookieTooLargeError(`${flow.cookieName} would be ${header.length} bytes`);
  return header;
}

/** Ends the flow (after the last step): the next visit starts a new application. */
export function clearProgress(flow: FlowDefinition, cookies: CookieSettings): Promise<string> {
  return flowCookie(flow, cookies).serialize("", { maxAge: 0 });
}

import { z } from "~/server/lib/zod";
import { ANON_ID_PATTERN, newDeviceId, newSessionId } from "./ids";

/** spec 000 §9: visited pages capped at 50. */
export const VISITED_PAGES_LIMIT = 50;
/** spec 000 §9: the first-page query is cleared after 30 days. */
export const FIRST_QUERY_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Stored contact details are forgotten after 90 days without a visit. */
export const DETAILS_IDLE_MS = 90 * 24 * 60 * 60 * 1000;
/** A new session after 30 minutes without a page view (the usual analytics convention). */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
/** spec 001 §9: tracked URL params. */
export const TRACKED_PARAMS = ["gclid", "fbclid", "utm_source", "utm_medium", "utm_campaign"] as const;
/** spec 000 §9: keys removed from the saved first query. */
export const REMOVED_QUERY_KEYS = ["car_id", "slug", "payment_intent_client_secret", "payment_intent", "lead_id"] as const;
/** Keeps 50 pages inside the 4 KB cookie. */
export const PAGE_URL_MAX_LENGTH = 100;
const QUERY_VALUE_MAX_LENGTH = 200;
const QUERY_KEYS_MAX = 12;

const text = (max: number) => z.string().max(max);

export const storedUserDetailsSchema = z.object({
  name: text(100).optional(),
  last_name: text(100).optional(),
  email: text(200).optional(),
  phone: text(40).optional(),
  postcode: text(10).optional(),
});
/** spec 001 §3: stored user details, used to pre-fill the next form. */
export type StoredUserDetails = z.infer<typeof storedUserDetailsSchema>;

export const visitorContextSchema = z.object({
  device_id: z.string().regex(ANON_ID_PATTERN),
  session_id: z.string().regex(ANON_ID_PATTERN),
  last_seen: z.number(),
  visited_pages: z.array(z.string()).max(VISITED_PAGES_LIMIT),
  first_query: z.object({ params: z.record(z.string(), z.string()), at: z.number() }).nullable(),
  user: storedUserDetailsSchema,
  success_category: z.string().max(200).nullable(),
  /** The enquiry just sent: what the thank-you page says happens next; absent in older cookies. */
  last_enquiry: z
    .object({
      category: z.string().max(200),
      car_id: z.number().int().nullable(),
      location_id: z.number().int().nullable(),
      at: z.number(),
    })
    .nullable()
    .default(null),
});
export type VisitorContext = z.infer<typeof visitorContextSchema>;

/** A first visit; `deviceId` is the request's own (RequestContext.newVisitorDeviceId) where there is one. */
export function newVisitor(now: number, deviceId: string = newDeviceId()): VisitorContext {
  return {
    device_id: deviceId,
    session_id: newSessionId(),
    last_seen: now,
    visited_pages: [],
    first_query: null,
    user: {},
    success_category: null,
    last_enquiry: null,
  };
}

function pageOf(url: URL): string {
  return `${url.pathname}${url.search}`.slice(0, PAGE_URL_MAX_LENGTH);
}

function keptQuery(url: URL): Record<string, string> {
  const removed: readonly string[] = REMOVED_QUERY_KEYS;
  const params: Record<string, string> = {};
  for (const [key, value] of url.searchParams) {
    if (removed.includes(key) || Object.keys(params).length >= QUERY_KEYS_MAX) continue;
    params[key.slice(0, 50)] = value.slice(0, QUERY_VALUE_MAX_LENGTH);
  }
  return params;
}

/** The stored first query, or null once it is 30 days old. */
export function currentFirstQuery(ctx: VisitorContext, now: number): Record<string, string> | null {
  if (!ctx.first_query || now - ctx.first_query.at > FIRST_QUERY_TTL_MS) return null;
  return ctx.first_query.params;
}

function hasTrackedParam(params: Record<string, string>): boolean {
  return TRACKED_PARAMS.some((key) => params[key] !== undefined);
}

/**
 * A page view: rotates an idle session, appends the page (last 50 kept), and keeps the first page's query.
 * The campaign is the first page that had any tracked param — a later landing with one
 * replaces a stored query without any, never an earlier campaign (until the 30 days are over).
 */
export function recordVisit(ctx: VisitorContext, url: URL, now: number): VisitorContext {
  const sessionId = now - ctx.last_seen > SESSION_IDLE_MS ? newSessionId() : ctx.session_id;
  const visited = [...ctx.visited_pages, pageOf(url)].slice(-VISITED_PAGES_LIMIT);
  const query = keptQuery(url);
  let firstQuery = currentFirstQuery(ctx, now) === null ? null : ctx.first_query;
  const replaces = firstQuery === null || (hasTrackedParam(query) && !hasTrackedParam(firstQuery.params));
  if (replaces && Object.keys(query).length > 0) firstQuery = { params: query, at: now };
  return { ...ctx, session_id: sessionId, last_seen: now, visited_pages: visited, first_query: firstQuery };
}

/** spec 001 §3 linked_query_params: only the tracked params (gclid, fbclid, utm_source, utm_medium, utm_campaign) of the stored first query. */
export function trackedParams(ctx: VisitorContext, now: number): Record<string, string> {
  const query = currentFirstQuery(ctx, now) ?? {};
  const out: Record<string, string> = {};
  for (const key of TRACKED_PARAMS) if (query[key] !== undefined) out[key] = query[key];
  return out;
}

/** spec 001 §3: the details remembered from a submitted form, and pre-filled into the next one. */
export const STORED_USER_FIELDS = ["name", "last_name", "email", "phone", "postcode"] as const;

export function rememberUserDetails(ctx: VisitorContext, values: Record<string, unknown>): VisitorContext {
  const user: StoredUserDetails = { ...ctx.user };
  for (const key of STORED_USER_FIELDS) {
    const value = values[key];
    if (typeof value === "string" && value !== "") user[key] = value.slice(0, key === "email" ? 200 : 40);
  }
  return { ...ctx, user };
}

/** 'Forget my details': nothing typed is kept; visits and campaign stay. */
export function forgetUserDetails(ctx: VisitorContext): VisitorContext {
  return { ...ctx, user: {}, last_enquiry: null };
}

/** A lead's car_id (number or digits) as the vehicle id the thank-you page looks up, else null. */
export function enquiryCarId(carId: unknown): number | null {
  const id = typeof carId === "number" ? carId : typeof carId === "string" && /^\d{1,15}$/.test(carId) ? Number(carId) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * spec 001 §4: the submitted category is stored as the success category; with it the enquiry's car
 * and location, so the thank-you page can say what happens next.
 */
export function rememberSuccessCategory(
  ctx: VisitorContext,
  category: string,
  enquiry: { carId: number | null; locationId: number | null; now: number } = { carId: null, locationId: null, now: Date.now() },
): VisitorContext {
  const stored = category.slice(0, 200);
  return {
    ...ctx,
    success_category: stored,
    last_enquiry: { category: stored, car_id: enquiry.carId, location_id: enquiry.locationId, at: enquiry.now },
  };
}

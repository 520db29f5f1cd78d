import { json, redirect, type AppLoadContext } from "@remix-run/node";
import type { ToggleDecision } from "~/server/garage/favourites";
import { parseCarId } from "~/server/garage/favourites";
import { GARAGE_MESSAGES } from "~/server/garage/messages";
import type { Vehicle } from "~/server/stock/vehicle";
import { commitVisitor } from "~/server/visitor/cookie";
import { returnPath } from "~/server/handlers/visitor";
import { EVENT_IDS } from "~/server/events/event-ids";
import { recordShopperEvent } from "~/server/handlers/events";
import { readShopper, type Shopper } from "./shopper";

/**
 * Where the no-JS heart goes back to: return_to when given, else the page it was posted from (the
 * Referer, same host only: Referrer-Policy strict-origin-when-cross-origin sends it in full) at the
 * card's anchor, so the shopper lands where they were.
 */
function backTo(request: Request, form: FormData): string {
  if (form.get("return_to") !== null) return returnPath(form.get("return_to"));
  const anchor = parseCarId(form.get("car_id")) === null ? "" : `#save-car-${String(form.get("car_id"))}`;
  try {
    const from = new URL(request.headers.get("Referer") ?? "");
    if (from.host !== new URL(request.url).host) return "/";
    return returnPath(`${from.pathname}${from.search}${anchor}`);
  } catch {
    return "/";
  }
}

/** What the fetcher (JS) gets back, and what the no-JS page shows when the list is full. */
export type FavouriteReply = { saved: boolean; count: number; message: string | null };

/**
 * Adding a favourite: the one place a car joins a shopper's list, so the wishlist event (spec 001 §9,
 * event id 39) is recorded here, with the page the heart was on.
 */
export async function addFavourite(
  context: AppLoadContext,
  shopper: Shopper,
  vehicle: Vehicle,
  now: number,
  pagePath: string,
): Promise<ToggleDecision> {
  const decision = await context.services.garage.saved.toggle(context.tenant.slug, shopper.owner, vehicle, "add", now);
  if (decision.kind === "add")
    await recordShopperEvent(context, shopper.visitor, { eventId: EVENT_IDS.wishlist, url: pagePath, properties: { car_id: vehicle.id } });
  return decision;
}

export async function removeFavourite(context: AppLoadContext, shopper: Shopper, vehicle: Vehicle, now: number): Promise<ToggleDecision> {
  return context.services.garage.saved.toggle(context.tenant.slug, shopper.owner, vehicle, "remove", now);
}

/**
 * POST /saved-cars: the heart. Without JavaScript it toggles and answers 303 back to the
 * page with the card's anchor; with JavaScript (the fetcher posts to ?js) it answers JSON. A car id that
 * is not this site's is ignored; a 101st car gets the message instead.
 */
export async function favouriteAction(request: Request, context: AppLoadContext): Promise<Response> {
  try {
    return await toggleFavourite(request, context);
  } catch (error) {
    // spec 000 §8: a garage failure is logged; the shopper gets a message, never a 500.
    context.log.error({ err: error }, "Garage load failure");
    const reply: FavouriteReply = { saved: false, count: 0, message: GARAGE_MESSAGES.unavailable };
    return json(reply, { status: 503, headers: { "Retry-After": "30", "Cache-Control": "no-store" } });
  }
}

async function toggleFavourite(request: Request, context: AppLoadContext): Promise<Response> {
  const now = Date.now();
  const form = await request.formData().catch(() => new FormData());
  // The heart's fetcher posts to /saved-cars?js (the no-JS form has no ?js): JSON instead of a redirect.
  const fromScript = new URL(request.url).searchParams.has("js");
  const back = backTo(request, form);
  const shopper = await readShopper(request, context, now);
  const headers = { "Set-Cookie": await commitVisitor(shopper.visitor, context.services.cookies), "Cache-Control": "no-store" };
  const { saved } = context.services.garage;
  const tenant = context.tenant.slug;

  const carId = parseCarId(form.get("car_id"));
  const vehicle = carId === null ? undefined : (await context.services.stock.vehiclesByIds(tenant, [carId]))[0];
  const intent = form.get("intent") === "remove" ? "remove" : "add";
  let decision: ToggleDecision = { kind: "unchanged" };
  if (vehicle)
    decision =
      intent === "add" ? await addFavourite(context, shopper, vehicle, now, back) : await removeFavourite(context, shopper, vehicle, now);

  const ids = await saved.ids(tenant, shopper.owner);
  const message = decision.kind === "full" ? GARAGE_MESSAGES.favouritesFull : vehicle ? null : GARAGE_MESSAGES.carNotFound;
  const reply: FavouriteReply = { saved: carId !== null && ids.includes(carId), count: ids.length, message };
  if (fromScript) return json(reply, { status: decision.kind === "full" ? 409 : 200, headers });
  if (decision.kind === "full") return json({ ...reply, back }, { status: 409, headers });
  return redirect(back, { status: 303, headers });
}

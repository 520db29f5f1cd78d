import { json, redirect, type AppLoadContext } from "@remix-run/node";
import { parseCarId } from "~/server/garage/favourites";
import { GARAGE_MESSAGES } from "~/server/garage/messages";
import { SEARCH_NAME_MAX, savableSearchPath } from "~/server/garage/saved-searches";
import { garageTabHref } from "./garage-paths";
import { assertGarage } from "./garage-page";
import { clearSessionToken, readSessionToken } from "./session-cookie";
import { EVENT_IDS } from "~/server/events/event-ids";
import { recordShopperEvent } from "~/server/handlers/events";
import { readShopper, type Shopper } from "./shopper";
import { requestCode, verifyCode, type SignInReply } from "./sign-in";

function back(to: string, cookie?: string): Response {
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (cookie) headers.append("Set-Cookie", cookie);
  return redirect(to, { status: 303, headers });
}

/** POST to the garage: sign-in steps, sign-out (here or everywhere), alerts, details. */
export async function garageAction(request: Request, context: AppLoadContext, base: string): Promise<Response> {
  assertGarage(context, base);
  try {
    return await garageStep(request, context, base);
  } catch (error) {
    context.log.error({ err: error }, "Garage load failure");
    const reply: SignInReply = { step: "email", email: "", message: null, error: GARAGE_MESSAGES.unavailable };
    return json(reply, { status: 503, headers: { "Retry-After": "30", "Cache-Control": "no-store" } });
  }
}

/**
 * spec 001 §9 login steps: 35 when the code is sent for the typed email, 36 and 38 when the code is
 * accepted and the shopper is signed in (there is no profile step, so 37 is never sent).
 */
async function recordLoginSteps(request: Request, context: AppLoadContext, shopper: Shopper, intent: string, status: number) {
  const url = new URL(request.url).pathname;
  const steps =
    intent === "request-code" && status === 200
      ? [EVENT_IDS.loginStep1]
      : intent === "verify-code" && status === 303
        ? [EVENT_IDS.loginStep2, EVENT_IDS.loginStep4]
        : [];
  for (const eventId of steps) await recordShopperEvent(context, shopper.visitor, { eventId, url });
}

async function garageStep(request: Request, context: AppLoadContext, base: string): Promise<Response> {
  const form = await request.formData().catch(() => new FormData());
  const intent = form.get("intent");
  const now = Date.now();
  const shopper = await readShopper(request, context, now);
  if (intent === "request-code" || intent === "verify-code") {
    const answer = intent === "request-code" ? await requestCode(context, form) : await verifyCode(context, form, shopper, base);
    await recordLoginSteps(request, context, shopper, intent, answer.status);
    return answer;
  }

  const { accounts, saved } = context.services.garage;
  const tenant = context.tenant.slug;
  const user = shopper.user;
  // Everything below needs a session; a lapsed one goes back to the sign-in form.
  if (user === null) return back(garageTabHref(base, "saved-cars"));

  if (intent === "sign-out" || intent === "sign-out-everywhere") {
    const token = await readSessionToken(request, context.services.cookies);
    if (intent === "sign-out-everywhere") await accounts.endAllSessions(tenant, user.id);
    else if (token) await accounts.endSession(token);
    return back(garageTabHref(base, "saved-cars"), await clearSessionToken(context.services.cookies));
  }
  if (intent === "alerts") {
    const carId = parseCarId(form.get("car_id"));
    const vehicle = carId === null ? undefined : (await context.services.stock.vehiclesByIds(tenant, [carId]))[0];
    if (vehicle) await saved.setAlerts(tenant, shopper.owner, vehicle, form.get("on") === "1");
    return back(garageTabHref(base, "saved-cars"));
  }
  if (intent === "details") {
    const name = String(form.get("name") ?? "").trim();
    if (name.length > 100) return json({ step: "email", email: "", message: null, error: GARAGE_MESSAGES.nameTooLong }, { status: 400 });
    await accounts.setName(tenant, user.id, name === "" ? null : name);
    return back(garageTabHref(base, "details"));
  }
  if (intent === "save-search") {
    const name = String(form.get("name") ?? "").trim();
    const url = savableSearchPath(form.get("url"));
    const error =
      name === ""
        ? GARAGE_MESSAGES.searchNameMissing
        : name.length > SEARCH_NAME_MAX
          ? GARAGE_MESSAGES.nameTooLong
          : url === null
            ? GARAGE_MESSAGES.searchUrlInvalid
            : null;
    if (error !== null || url === null) return json({ step: "email", email: "", message: null, error }, { status: 400 });
    const added = await context.services.garage.searches.add(tenant, user.id, name, url, now);
    if (!added) return json({ step: "email", email: "", message: null, error: GARAGE_MESSAGES.searchesFull }, { status: 409 });
    return back(garageTabHref(base, "saved-searches"));
  }
  if (intent === "search-digest") {
    // The daily email of new matches, on or off per saved search (a plain POST form).
    const id = parseCarId(form.get("search_id"));
    if (id !== null) await context.services.garage.searches.setDigest(tenant, id, form.get("on") === "1", now, user.id);
    return back(garageTabHref(base, "saved-searches"));
  }
  if (intent === "delete-search" || intent === "seen-search") {
    const id = parseCarId(form.get("search_id"));
    if (id !== null && intent === "delete-search") await context.services.garage.searches.remove(tenant, user.id, id);
    if (id !== null && intent === "seen-search") await context.services.garage.searches.markSeen(tenant, user.id, id, now);
    return back(garageTabHref(base, "saved-searches"));
  }
  return back(garageTabHref(base, "saved-cars"));
}

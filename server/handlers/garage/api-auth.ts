import { json, type AppLoadContext } from "@remix-run/node";
import { readShopper } from "./shopper";

/**
 * GET /api/auth (spec 000 §7): `{"user": null | {email, name}, "watchlist": [car ids]}` on every site;
 * without a session (or without the garage) user is null and the watchlist is the visitor's saved cars.
 */
export async function apiAuth(request: Request, context: AppLoadContext): Promise<Response> {
  const headers = { "Cache-Control": "no-store" };
  try {
    const shopper = await readShopper(request, context, Date.now());
    const watchlist = await context.services.garage.saved.ids(context.tenant.slug, shopper.owner);
    const user = shopper.user ? { email: shopper.user.email, name: shopper.user.name } : null;
    return json({ user, watchlist }, { headers });
  } catch (error) {
    context.log.error({ err: error }, "Garage load failure");
    return json({ error: "The garage is unavailable right now." }, { status: 503, headers: { ...headers, "Retry-After": "30" } });
  }
}

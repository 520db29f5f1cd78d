import { json, type AppLoadContext } from "@remix-run/node";
import type { SavedCarView } from "~/server/garage/saved-car-view";
import { GARAGE_TABS, garageTabHref, garageTabOf, servesGarage, type GarageTab } from "./garage-paths";
import { savedCarsOf } from "./saved-list";
import { savedSearchesOf, type SavedSearchView } from "./saved-searches";
import { readShopper } from "./shopper";

export type GaragePage = {
  base: string;
  tab: GarageTab;
  tabs: Array<{ tab: GarageTab; href: string; label: string }>;
  user: { email: string; name: string | null } | null;
  cars: SavedCarView[];
  searches: SavedSearchView[];
  /** The garage could not be loaded: logged, and the page still works (spec 000 §4, §8). */
  failed: boolean;
};

const TAB_LABELS: Record<GarageTab, string> = { "saved-cars": "Saved cars", "saved-searches": "Saved searches", details: "My details" };

/** Only on sites with garage_enabled (spec 000 §1, §6); anywhere else the garage is not found. */
export function assertGarage(context: AppLoadContext, base: string): void {
  if (!servesGarage(context.tenant, base)) throw new Response("Page not found", { status: 404 });
}

/**
 * GET the garage: the user is loaded once, then the watchlist. Signed out, the visitor's
 * saved cars show beside the sign-in form; the other tabs ask to sign in.
 */
export async function garagePage(request: Request, context: AppLoadContext, base: string, section?: string): Promise<Response> {
  assertGarage(context, base);
  const tab = garageTabOf(new URL(request.url), section);
  if (tab === null) throw new Response("Page not found", { status: 404 });
  const page: GaragePage = {
    base,
    tab,
    tabs: GARAGE_TABS.map((t) => ({ tab: t, href: garageTabHref(base, t), label: TAB_LABELS[t] })),
    user: null,
    cars: [],
    searches: [],
    failed: false,
  };
  try {
    const shopper = await readShopper(request, context, Date.now());
    page.user = shopper.user ? { email: shopper.user.email, name: shopper.user.name } : null;
    page.cars = await savedCarsOf(context, shopper);
    if (shopper.user && tab === "saved-searches") page.searches = await savedSearchesOf(context, shopper.user.id);
  } catch (error) {
    context.log.error({ err: error }, "Garage load failure");
    page.failed = true;
  }
  return json(page, { headers: { "Cache-Control": "private, no-store" } });
}

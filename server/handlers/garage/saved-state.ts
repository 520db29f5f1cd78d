import type { AppLoadContext } from "@remix-run/node";
import type { VisitorContext } from "~/server/visitor/context";
import { garageEnabled, readShopper, savedCarsHref } from "./shopper";

/** What every page needs for the hearts and the header count (root loader). */
export type SavedState = {
  ids: number[];
  href: string;
  signedIn: boolean;
  /** The garage's base path where the site has one (saved searches post there), else null. */
  garage: string | null;
};

/**
 * spec 000 §4: the user is loaded once, then the watchlist; a failure ends loading, is logged, and
 * the page still works (no hearts filled, count 0).
 */
export async function savedState(
  request: Request,
  context: AppLoadContext,
  visitor: VisitorContext,
  now = Date.now(),
): Promise<SavedState> {
  const href = savedCarsHref(context.tenant);
  const garage = garageEnabled(context.tenant) ? context.tenant.site.features.garage_path : null;
  try {
    const shopper = await readShopper(request, context, now, visitor);
    return {
      ids: await context.services.garage.saved.ids(context.tenant.slug, shopper.owner),
      href,
      signedIn: shopper.user !== null,
      garage,
    };
  } catch (error) {
    context.log.error({ err: error }, "Garage load failure");
    return { ids: [], href, signedIn: false, garage };
  }
}

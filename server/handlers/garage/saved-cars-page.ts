import { json, type AppLoadContext } from "@remix-run/node";
import type { SavedCarView } from "~/server/garage/saved-car-view";
import { savedCarsOf } from "./saved-list";
import { garageEnabled, readShopper, savedCarsHref } from "./shopper";

export type SavedCarsPage = { cars: SavedCarView[]; garageHref: string | null; failed: boolean };

/**
 * GET /saved-cars: the visitor's saved cars on any site (the header count links to the garage instead
 * where there is one). A failed load is logged and the page still renders, empty, with a note.
 */
export async function savedCarsPage(request: Request, context: AppLoadContext): Promise<Response> {
  const headers = { "Cache-Control": "private, no-store" };
  const garageHref = garageEnabled(context.tenant) ? savedCarsHref(context.tenant) : null;
  try {
    const shopper = await readShopper(request, context, Date.now());
    const page: SavedCarsPage = { cars: await savedCarsOf(context, shopper), garageHref, failed: false };
    return json(page, { headers });
  } catch (error) {
    context.log.error({ err: error }, "Garage load failure");
    const page: SavedCarsPage = { cars: [], garageHref, failed: true };
    return json(page, { headers });
  }
}

import { json, type AppLoadContext } from "@remix-run/node";
import { MAX_COMPARED, compareView, type CompareView } from "~/server/garage/compare-view";
import { parseCarId } from "~/server/garage/favourites";
import { GARAGE_MESSAGES } from "~/server/garage/messages";
import { vehicleNoun } from "~/server/search/titles";
import { savedCarsHref } from "./shopper";

/** `noun`: what the site sells, many ("cars", "motorcycles"), for the heading and the swipe cue. */
export type ComparePage = CompareView & { message: string | null; backHref: string; noun: string };

/**
 * GET /compare?car=1&car=2&car=3: up to 3 cars side by side; a plain GET page, so it works without
 * JavaScript and can be shared. Ids that are not this site's cars are left out.
 */
export async function comparePage(request: Request, context: AppLoadContext): Promise<Response> {
  const asked = [...new Set(new URL(request.url).searchParams.getAll("car").map(parseCarId))].filter((id): id is number => id !== null);
  const vehicles = await context.services.stock.vehiclesByIds(context.tenant.slug, asked.slice(0, MAX_COMPARED));
  const page: ComparePage = {
    ...compareView(vehicles, context.tenant.site, Date.now()),
    message: asked.length > MAX_COMPARED ? GARAGE_MESSAGES.compareTooMany : null,
    backHref: savedCarsHref(context.tenant),
    noun: vehicleNoun(context.tenant, MAX_COMPARED),
  };
  return json(page, { headers: { "Cache-Control": "private, no-cache" } });
}

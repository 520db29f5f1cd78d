import { json, type AppLoadContext } from "@remix-run/node";
import { parseCarId } from "~/server/garage/favourites";
import { GARAGE_MESSAGES } from "~/server/garage/messages";
import { MAX_COMPARED, compareColumn, type CompareColumn } from "~/server/garage/saved-car-view";
import { savedCarsHref } from "./shopper";

export type ComparePage = { columns: CompareColumn[]; message: string | null; backHref: string };

/**
 * GET /compare?car=1&car=2&car=3 (issue 14 §3): up to 3 cars side by side; a plain GET page, so it
 * works without JavaScript and can be shared. Ids that are not this site's cars are left out.
 */
export async function comparePage(request: Request, context: AppLoadContext): Promise<Response> {
  const asked = [...new Set(new URL(request.url).searchParams.getAll("car").map(parseCarId))].filter((id): id is number => id !== null);
  const vehicles = await context.services.stock.vehiclesByIds(context.tenant.slug, asked.slice(0, MAX_COMPARED));
  const now = Date.now();
  const page: ComparePage = {
    columns: vehicles.map((vehicle) => compareColumn(vehicle, context.tenant.site, now)),
    message: asked.length > MAX_COMPARED ? GARAGE_MESSAGES.compareTooMany : null,
    backHref: savedCarsHref(context.tenant),
  };
  return json(page, { headers: { "Cache-Control": "private, no-cache" } });
}

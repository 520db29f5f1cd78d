import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { landingData, priceFormTarget } from "~/server/search/landing";

/** GET /search: the landing page's tiles and price ranges; its no-JS price form goes to the results in that range. */
export async function searchLanding({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // The no-JS price form: go to the results in that range, sorted by price descending.
  if (url.searchParams.has("price_min") || url.searchParams.has("price_max")) {
    return redirect(priceFormTarget(context.tenant, url.searchParams.get("price_min"), url.searchParams.get("price_max")));
  }
  const data = await landingData(context.tenant, context.services.search.backendFor(context.tenant), context.log);
  if (!data) throw new Response("Search is temporarily unavailable", { status: 503 });
  return json({ ...data, name: context.tenant.site.name });
}

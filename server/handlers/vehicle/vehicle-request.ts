import { json, redirect } from "@remix-run/node";
import type { AppLoadContext } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import { defaultSearchPath } from "~/server/search/paths";
import { detailBasePath } from "~/server/stock/can-reserve";
import type { Vehicle } from "~/server/stock/vehicle";
import { findLatestVehicles, findListedVehicle, findSimilarVehicles, isVehicleSlug } from "~/server/inventory/vehicle-source";
import type { VehicleErrorData } from "~/server/vehicle-page/types";
import { vehicleCard } from "~/server/vehicle-page/view";

// spec 000 §2: /cars, or /motorcycles and /campers on those templates.
const VEHICLE_BASES: ReadonlySet<string> = new Set(["cars", "motorcycles", "campers"]);

// Not in the spec: how long a browser waits before retrying a 503 vehicle page.
const RETRY_AFTER_SECONDS = "30";

function fail(data: VehicleErrorData, status: number, headers: Record<string, string> = {}): Response {
  return json(data, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

export type VehicleRequest = {
  params: Params;
  request: Request;
  context: AppLoadContext;
  now: number;
  /** GETs on another template's base are redirected (301); other methods get a 404 there. */
  redirectOtherBases: boolean;
};

/**
 * The listed vehicle for `/{base}/{slug}`, or a thrown Response: 404 for an unknown base or
 * a hostile slug (before any lookup), 301 to the site's own base, 404 with similar vehicles
 * when the vehicle is not listed, 503 when the stock source is down.
 */
export async function requireListedVehicle({ params, request, context, now, redirectOtherBases }: VehicleRequest): Promise<Vehicle> {
  const { tenant, log } = context;
  const base = params.base ?? "";
  const slug = params.slug ?? "";
  if (!VEHICLE_BASES.has(base)) throw fail({ kind: "page_not_found" }, 404);

  const searchHref = defaultSearchPath(tenant);
  if (!isVehicleSlug(slug)) throw fail({ kind: "not_found", searchHref, similar: [] }, 404);

  const ownBase = detailBasePath(tenant.site);
  if (`/${base}` !== ownBase) {
    if (!redirectOtherBases) throw fail({ kind: "not_found", searchHref, similar: [] }, 404);
    const url = new URL(request.url);
    throw redirect(`${ownBase}${url.pathname.slice(base.length + 1)}${url.search}`, 301);
  }

  const options = { log, now, backend: context.services.search.backendFor(tenant) };
  const lookup = await findListedVehicle(tenant, slug, options);
  if (lookup.kind === "unavailable") throw fail({ kind: "unavailable", searchHref }, 503, { "Retry-After": RETRY_AFTER_SECONDS });
  if (lookup.kind === "not_found") {
    const alike = lookup.unlisted ? await findSimilarVehicles(tenant, lookup.unlisted, options) : [];
    const similar = alike.length > 0 ? alike : await findLatestVehicles(tenant, options);
    throw fail({ kind: "not_found", searchHref, similar: similar.map((vehicle) => vehicleCard(vehicle, tenant.site)) }, 404);
  }
  return lookup.vehicle;
}

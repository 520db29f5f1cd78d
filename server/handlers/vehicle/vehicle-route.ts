import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { vehicleHref } from "~/server/stock/can-reserve";
import { phoneRevealFor } from "~/server/stock/phone-reveal";
import { recordPhoneReveal } from "./record-phone-reveal";
import { findSimilarVehicles } from "~/server/inventory/vehicle-source";
import { PHONE_REVEALED_PARAM, PHONE_REVEALED_VALUE, REVEAL_INTENT } from "~/server/vehicle-page/constants";
import type { RevealResponse, VehiclePageView } from "~/server/vehicle-page/types";
import { buildVehiclePage, revealResponse } from "~/server/vehicle-page/view";
import { requireListedVehicle } from "./vehicle-request";
import { vehicleButtonOrder } from "~/server/experiments/assign";
import { isbot } from "isbot";
import { requestDeviceId } from "~/server/visitor/cookie";

/** GET /{base}/{slug}: the listed vehicle, its similar vehicles, and the page built from the stock rules (its JSON-LD to the document's render). */
export async function vehiclePage({ params, request, context }: LoaderFunctionArgs): Promise<Omit<VehiclePageView, "jsonLd">> {
  const now = Date.now();
  const vehicle = await requireListedVehicle({ params, request, context, now, redirectOtherBases: true });
  const similar = await findSimilarVehicles(context.tenant, vehicle, {
    log: context.log,
    now,
    backend: context.services.search.backendFor(context.tenant),
  });
  const url = new URL(request.url);
  // spec 001 §6 split test: the visitor's variant decides the button order (server-side, so it holds
  // without JavaScript) from the first page on — a first visit uses the device id minted for this
  // request, which the root loader puts in the cookie. Bots are not visitors: the site's own order.
  const bot = isbot(request.headers.get("user-agent") ?? "");
  const deviceId = bot ? null : await requestDeviceId(request, context.services.cookies, context.newVisitorDeviceId);
  const { buttons, exposure } = vehicleButtonOrder(context.tenant.site, deviceId);
  const { jsonLd, ...page } = buildVehiclePage({
    tenant: context.tenant,
    vehicle,
    url,
    now,
    log: context.log,
    similar,
    buttonOrder: buttons,
  });
  // The schema.org Car is in the document's HTML alone (context.serverRender).
  context.serverRender.jsonLd = jsonLd;
  // docs/decisions.md: the exposure rides on the page view's own event (server-rendered document or the
  // browser's report of a client-side navigation), so one view is one row.
  return exposure === null ? page : { ...page, tracking: { ...page.tracking, exposure } };
}

/**
 * spec 000 §2, §7 phone reveal: records car_id, dealership_id and website_id (taken from the
 * vehicle, not the form), then shows the number — as JSON to the page's fetcher, or by a 303
 * back to the page (`?phone=revealed`) without JS.
 */
export async function revealPhone({ params, request, context }: ActionFunctionArgs): Promise<Response> {
  const form = await request.formData();
  if (form.get("intent") !== REVEAL_INTENT) throw json("That request didn't make sense.", { status: 400 });
  const now = Date.now();
  const vehicle = await requireListedVehicle({ params, request, context, now, redirectOtherBases: false });
  const { tenant, log } = context;
  if (tenant.site.features.phone_reveal) await recordPhoneReveal(context.services.db, phoneRevealFor(vehicle, tenant), now, log);
  if (form.get("respond") === "json") {
    return json<RevealResponse>(revealResponse(vehicle, tenant.site, log), { headers: { "Cache-Control": "no-store" } });
  }
  return redirect(`${vehicleHref(vehicle, tenant.site)}?${PHONE_REVEALED_PARAM}=${PHONE_REVEALED_VALUE}#phone-box-heading`, 303);
}

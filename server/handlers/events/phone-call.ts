import type { ActionFunctionArgs } from "@remix-run/node";
import { CLICK_TO_CALL_EVENT_ID } from "~/server/events/event-ids";
import { PHONE_CALL_MESSAGES, phoneCallBodySchema } from "~/server/events/phone-call-body";
import { vehicleHref } from "~/server/stock/can-reserve";
import { readVisitor } from "~/server/visitor/cookie";
import { findCarById } from "~/server/handlers/shared/car";
import { answer, readEventPost } from "./api-events";

/**
 * POST /api/events/car_phone_call (spec 001 §7): a phone call about one car, logged as click-to-call (25)
 * with the car and its dealership, under the same limits as /api/events (its limiter, body reader and
 * 204). The car must be listed on this site and the dealership be the car's: a mistake is a 4xx that
 * stores nothing.
 */
export async function postPhoneCall({ request, context }: ActionFunctionArgs): Promise<Response> {
  const read = await readEventPost({ request, context }, phoneCallBodySchema, PHONE_CALL_MESSAGES.invalid);
  if (!read.ok) return read.response;
  const { tenant, services } = context;
  const call = read.value;
  if (call.website !== tenant.slug) return answer(400, { error: PHONE_CALL_MESSAGES.otherSite });
  const now = Date.now();
  const vehicle = await findCarById(tenant, String(call.car), { log: context.log, now, backend: services.search.backendFor(tenant) });
  if (!vehicle) return answer(404, { error: PHONE_CALL_MESSAGES.noCar });
  if (vehicle.dealership_id !== call.dealership) return answer(400, { error: PHONE_CALL_MESSAGES.otherDealership });
  const visitor = await readVisitor(request, services.cookies, now, context.newVisitorDeviceId);
  await services.events.record(tenant, {
    eventId: CLICK_TO_CALL_EVENT_ID,
    url: vehicleHref(vehicle, tenant.site),
    anonId: visitor.device_id,
    sessionId: visitor.session_id,
    properties: { car_id: vehicle.id, dealership_id: vehicle.dealership_id, stock_number: vehicle.stocknum },
    source: "client",
  });
  return answer(204, null);
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { isbot } from "isbot";
import { EVENT_IDS } from "~/server/events/definitions";
import { callTarget, directionsTarget, safeFromPath, tenantPhones } from "~/server/events/go-links";
import { readVisitor } from "~/server/visitor/cookie";

/** The answers of /go/* when the target is not the tenant's (never an open redirect). */
export const GO_MESSAGES = {
  unknownNumber: "That phone number isn't one of this dealer's.",
  unknownLocation: "That location isn't one of this dealer's.",
} as const;

const NO_STORE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

function notFound(message: string): Response {
  return new Response(message, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", ...NO_STORE } });
}

function redirectTo(location: string): Response {
  return new Response(null, { status: 302, headers: { Location: location, ...NO_STORE } });
}

/** The numbers /go/call may dial: the tenant's own, plus the listed vehicle's location number when `car` names one. */
async function allowedNumbers({ request, context }: LoaderFunctionArgs): Promise<string[]> {
  const numbers = tenantPhones(context.tenant.site);
  const car = Number(new URL(request.url).searchParams.get("car"));
  if (Number.isSafeInteger(car) && car > 0) {
    const [vehicle] = await context.services.stock.vehiclesByIds(context.tenant.slug, [car]);
    if (vehicle?.location.phone) numbers.push(vehicle.location.phone);
  }
  return numbers;
}

/** A tracking redirect records (a documented exception to "no state change on GET"); crawlers following it do not count. */
async function record(args: LoaderFunctionArgs, eventId: number, properties: Record<string, string>): Promise<void> {
  const { request, context } = args;
  if (isbot(request.headers.get("user-agent") ?? "")) return;
  const visitor = await readVisitor(request, context.services.cookies, Date.now(), context.newVisitorDeviceId);
  await context.services.events.record(context.tenant, {
    eventId,
    url: safeFromPath(new URL(request.url).searchParams.get("from")),
    anonId: visitor.device_id,
    sessionId: visitor.session_id,
    properties,
    source: "server",
  });
}

/** GET /go/call?to=…&from=…[&car=…]: event 25, then 302 to tel:. */
export async function goCall(args: LoaderFunctionArgs): Promise<Response> {
  const to = new URL(args.request.url).searchParams.get("to") ?? "";
  const target = callTarget(to, await allowedNumbers(args));
  if (!target) return notFound(GO_MESSAGES.unknownNumber);
  await record(args, EVENT_IDS.clickToCall, { to: target.slice("tel:".length) });
  return redirectTo(target);
}

/** GET /go/directions?location=…[&from=…]: event 41, then 302 to the location's map. */
export async function goDirections(args: LoaderFunctionArgs): Promise<Response> {
  const slug = new URL(args.request.url).searchParams.get("location") ?? "";
  const target = directionsTarget(args.context.tenant.site, slug);
  if (!target) return notFound(GO_MESSAGES.unknownLocation);
  await record(args, EVENT_IDS.getDirections, { location: slug });
  return redirectTo(target);
}

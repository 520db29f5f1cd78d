import { afterAll, beforeAll, expect, it } from "vitest";
import { DEPOSIT_MESSAGES } from "~/server/reserve/messages";
import { reserveDeposit } from "~/server/reserve/deposit";
import { reserveHref } from "~/server/stock/can-reserve";
import type { Vehicle } from "~/server/stock/vehicle";
import type { FakeStGeorgeOrder } from "~/server/fakes/st-george";
import { startFakeStGeorge, type RunningFakeStGeorge } from "../fixtures/fake-st-george";
import { html, startFormsApp, validFields, type FormsApp } from "./forms-harness";
import { reservableOn } from "./deposits-harness";

// Deposits through St George's hosted page (Fiserv IPG Connect) against the local fake; no demo site
// names St George, so southern-used is switched to it for this file.
const SLUG = "southern-used";
const HOST = `${SLUG}.localhost`;
const KEYS = { storeId: "5921234567", sharedSecret: "ipg-shared-secret", apiKey: "ipg-api-key", apiSecret: "ipg-api-secret" };
let app: FormsApp;
let ipg: RunningFakeStGeorge;

function postNotification(body: string): Promise<{ status: number; body: string }> {
  return app
    .send(HOST, "/webhooks/st-george", { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" } })
    .then((reply) => ({ status: reply.status, body: reply.body }));
}

beforeAll(async () => {
  ipg = await startFakeStGeorge({ ...KEYS, deliver: (_order, body) => postNotification(body) });
  app = await startFormsApp({
    STGEORGE_STORE_ID: KEYS.storeId,
    STGEORGE_SHARED_SECRET: KEYS.sharedSecret,
    STGEORGE_API_KEY: KEYS.apiKey,
    STGEORGE_API_SECRET: KEYS.apiSecret,
    STGEORGE_CONNECT_URL: `${ipg.url}/connect/gateway/processing`,
    STGEORGE_API_BASE: `${ipg.url}/api`,
    RATE_LIMIT_PER_MINUTE: "100",
  });
  app.tenant(SLUG).site.payment_provider = "St George";
});

afterAll(async () => {
  await app?.close();
  await ipg?.close();
});

const reservableVehicles = () => reservableOn(app, SLUG);

/** Submits the reserve form, follows to our page with the signed form and submits it to the fake as the browser would. */
async function startCheckout(vehicle: Vehicle, ip: string): Promise<{ id: string; order: FakeStGeorgeOrder; csp: string }> {
  const tenant = app.tenant(SLUG);
  const reply = await app.postForm(HOST, reserveHref(vehicle, tenant.site), validFields("reserve", tenant), { ip });
  expect(reply.status).toBe(303);
  const location = new URL(String(reply.headers.location));
  expect(location.pathname).toMatch(/^\/payments\/st-george\/stg_[a-f0-9]+$/);
  const page = await app.send(HOST, location.pathname);
  expect(page.status).toBe(200);
  expect(page.body).toContain("Continue to secure payment");
  expect(page.body).toContain(`action="${ipg.url}/connect/gateway/processing"`);
  const fields = Object.fromEntries(
    [...page.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
      m[1] ?? "",
      (m[2] ?? "").replace(/&#38;/g, "&"),
    ]),
  );
  const order = ipg.open(fields);
  if (typeof order === "string") throw new Error(`the fake refused the form: ${order}`);
  return { id: location.pathname.split("/").pop() ?? "", order, csp: String(page.headers["content-security-policy"] ?? "") };
}

it("pays a deposit on St George's hosted page: the hashed notification reserves the car and stores a paid lead; a replay changes nothing", async () => {
  const [vehicle] = await reservableVehicles();
  if (!vehicle) throw new Error(`${SLUG} has no reservable vehicle with a deposit`);
  const leadsBefore = await app.leadCount(SLUG);
  const { id, order, csp } = await startCheckout(vehicle, "10.9.2.1");
  // One policy (not the site-wide one beside it, which would still block the post) letting the form reach St George.
  expect(csp).toContain(`form-action 'self' ${ipg.url};`);
  expect(csp).not.toContain(",");
  expect([order.oid, order.chargetotal, order.currency, order.notifyUrl]).toEqual([
    id,
    reserveDeposit(vehicle.payment_processors)?.toFixed(2),
    "036",
    `http://${HOST}/webhooks/st-george`,
  ]);
  expect(await app.leadCount(SLUG)).toBe(leadsBefore);
  expect((await app.send(HOST, `/reservation?session_id=${id}`)).body).toContain(html(DEPOSIT_MESSAGES.pending));

  const paid = await ipg.pay(order.ipgTransactionId);
  expect(paid).toMatchObject({ status: 200, answer: "OK" });
  const back = new URL(paid.returnUrl);
  expect((await app.send(HOST, back.pathname + back.search)).body).toContain(html(DEPOSIT_MESSAGES.paid));
  const rows = await app.db.db.selectFrom("leads").select(["payload"]).where("tenant", "=", SLUG).orderBy("created_at", "desc").execute();
  const lead = JSON.parse(rows[0]?.payload ?? "{}") as Record<string, unknown>;
  expect([lead.payment_status, lead.car_id, lead.payment_provider, lead.payment_reference]).toEqual([
    "paid",
    String(vehicle.id),
    "St George",
    order.ipgTransactionId,
  ]);
  expect((await reservableVehicles()).some((v) => v.id === vehicle.id)).toBe(false);

  const leads = await app.leadCount(SLUG);
  expect(await postNotification(paid.body)).toEqual({ status: 200, body: "OK" });
  expect(await app.leadCount(SLUG)).toBe(leads);
  expect(ipg.refunds).toEqual([]);
});

it("a second successful St George payment for the same car is refunded and the shopper told", async () => {
  const [vehicle] = await reservableVehicles();
  if (!vehicle) throw new Error("no reservable vehicle left");
  const first = await startCheckout(vehicle, "10.9.2.2");
  const late = await startCheckout(vehicle, "10.9.2.3");
  expect((await ipg.pay(first.order.ipgTransactionId)).answer).toBe("OK");
  expect((await ipg.pay(late.order.ipgTransactionId)).answer).toBe("OK");
  expect(ipg.refunds).toEqual([{ ipgTransactionId: late.order.ipgTransactionId, total: late.order.chargetotal }]);
  expect((await app.send(HOST, `/reservation?session_id=${late.id}`)).body).toContain(html(DEPOSIT_MESSAGES.refunded));
});

it("a St George notification with a bad hash is refused (400) and changes nothing", async () => {
  const [vehicle] = await reservableVehicles();
  if (!vehicle) throw new Error("no reservable vehicle left");
  const { id, order } = await startCheckout(vehicle, "10.9.2.4");
  expect((await postNotification(ipg.notification(order, { notification_hash: "forged" }))).status).toBe(400);
  // Signed for a smaller amount, then the amount raised: refused too.
  const signed = new URLSearchParams(ipg.notification(order));
  signed.set("chargetotal", "1.00");
  expect((await postNotification(signed.toString())).status).toBe(400);
  const payment = await app.db.db.selectFrom("payments").select(["status"]).where("id", "=", id).executeTakeFirst();
  expect(payment?.status).toBe("pending");
  expect((await reservableVehicles()).some((v) => v.id === vehicle.id)).toBe(true);
});

it("with JavaScript on, the reserve form's data request reloads the document onto our St George form (not an empty page)", async () => {
  const [vehicle] = await reservableVehicles();
  if (!vehicle) throw new Error("no reservable vehicle left");
  const href = reserveHref(vehicle, app.tenant(SLUG).site);
  // Remix's browser submit: `?_data=<route id>` and a 204 whose headers tell the client where to go and how.
  const routeId = `routes/$base.$slug.${href.split("/").pop() ?? ""}`;
  const reply = await app.postForm(HOST, `${href}?_data=${encodeURIComponent(routeId)}`, validFields("reserve", app.tenant(SLUG)), {
    ip: "10.9.2.5",
  });
  expect(reply.status).toBe(204);
  expect(String(reply.headers["x-remix-redirect"])).toMatch(/\/payments\/st-george\/stg_[a-f0-9]+$/);
  expect(reply.headers["x-remix-reload-document"]).toBe("true");
});

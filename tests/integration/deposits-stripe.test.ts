import { afterAll, beforeAll, expect, it } from "vitest";
import { DEPOSIT_MESSAGES } from "~/server/reserve/messages";
import { reserveDeposit } from "~/server/reserve/deposit";
import { startBackgroundWork, type BackgroundWork } from "~/server/services";
import { cardTag, RESERVED_TAG } from "~/server/stock/card-tag";
import type { Vehicle } from "~/server/stock/vehicle";
import { startFakeStripe, type RunningFakeStripe } from "../fixtures/fake-stripe";
import { html, startFormsApp, validFields, type FormsApp } from "./forms-harness";
import { reservableOn } from "./deposits-harness";

const HOST = "harbourside.localhost";
const WEBHOOK_SECRET = "whsec_test_forecourt";
let app: FormsApp;
let second: FormsApp;
let secondWork: BackgroundWork;
let stripe: RunningFakeStripe;

function postWebhook(target: FormsApp, body: string, signature: string, host = HOST): Promise<number> {
  return target
    .send(host, "/webhooks/stripe", {
      method: "POST",
      body,
      headers: { "content-type": "application/json", "stripe-signature": signature },
    })
    .then((reply) => reply.status);
}

beforeAll(async () => {
  stripe = await startFakeStripe(WEBHOOK_SECRET, (body, signature) => postWebhook(app, body, signature));
  const env = {
    STRIPE_SECRET_KEY: "sk_test_fake",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
    STRIPE_PUBLISHABLE_KEY: "pk_test_fake",
    RATE_LIMIT_PER_MINUTE: "100",
    STOCK_POLL_MS: "200",
  };
  app = await startFormsApp(env);
  // A second instance on the same database: it learns of the reservation through the stock version.
  second = await startFormsApp(env, { db: app.db });
  secondWork = startBackgroundWork(second.services);
});

afterAll(async () => {
  await secondWork?.stop();
  await second?.close();
  await app?.close();
  await stripe?.close();
});

const reservableVehicles = () => reservableOn(app, "harbourside");

/** A checkout.session.completed event saying this session is paid. */
function sessionPaidEvent(eventId: string, session: string, paymentIntent: string): string {
  return JSON.stringify({
    id: eventId,
    object: "event",
    type: "checkout.session.completed",
    data: { object: { id: session, object: "checkout.session", payment_status: "paid", payment_intent: paymentIntent } },
  });
}

async function startCheckout(vehicle: Vehicle, ip: string): Promise<string> {
  const reply = await app.postForm(HOST, `/cars/${vehicle.slug}/checkout`, validFields("reserve", app.tenant("harbourside")), { ip });
  expect(reply.status).toBe(303);
  const location = String(reply.headers.location);
  expect(location.startsWith(`${stripe.url}/pay/cs_test_`)).toBe(true);
  return location.slice(location.lastIndexOf("/") + 1);
}

async function eventually(check: () => Promise<boolean>, ms = 8000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return false;
}

it("pays a deposit: the page says so, the checkout is Stripe's hosted page, the webhook reserves the car on every instance and stores a paid lead", async () => {
  // spec 000 §4 tag priority: a fuel tag outranks Reserved, so the car shown is one whose banner becomes 'Reserved'.
  const site = app.tenant("harbourside").site;
  const vehicle = (await reservableVehicles()).find((v) => cardTag({ ...v, reserved: true }, site, Date.now())?.text === RESERVED_TAG);
  if (!vehicle) throw new Error("harbourside has no reservable vehicle with a deposit");
  const page = await app.send(HOST, `/cars/${vehicle.slug}/checkout`);
  expect(page.body).toContain(html(DEPOSIT_MESSAGES.payNotice));
  // Stripe.js may run on a Stripe tenant's pages, and only there.
  const csp = String(page.headers["content-security-policy"]);
  expect(csp).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
  expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/);
  expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
  const other = String((await app.send("coastal-campers.localhost", "/")).headers["content-security-policy"]);
  expect(other).toContain("script-src 'self'");
  expect(other).not.toContain("stripe.com");
  expect(page.body).toContain(DEPOSIT_MESSAGES.payLabel);
  const before = await second.send(HOST, `/cars/${vehicle.slug}`);
  expect(before.body).toContain(`/cars/${vehicle.slug}/checkout`);

  const leadsBefore = await app.leadCount("harbourside");
  const session = await startCheckout(vehicle, "10.9.0.1");
  // Nothing is stored or reserved until Stripe confirms.
  expect(await app.leadCount("harbourside")).toBe(leadsBefore);
  const pending = await app.send(HOST, `/reservation?session_id=${session}`);
  expect(pending.body).toContain(html(DEPOSIT_MESSAGES.pending));

  const paid = await stripe.pay(session);
  expect(paid.webhookStatus).toBe(200);
  const done = await app.send(HOST, new URL(paid.returnUrl).pathname + new URL(paid.returnUrl).search);
  expect(done.body).toContain(html(DEPOSIT_MESSAGES.paid));

  const rows = await app.db.db
    .selectFrom("leads")
    .select(["payload", "category"])
    .where("tenant", "=", "harbourside")
    .orderBy("created_at", "desc")
    .execute();
  const lead = JSON.parse(rows[0]?.payload ?? "{}") as Record<string, unknown>;
  expect([rows[0]?.category, lead.payment_status, lead.deposit_paid, lead.car_id]).toEqual([
    "Reserve Car Enquiry",
    "paid",
    reserveDeposit(vehicle.payment_processors),
    String(vehicle.id),
  ]);

  // The second instance shows 'Reserved' and no Reserve button within seconds; its reserve page refuses.
  const shown = await eventually(async () => {
    const body = (await second.send(HOST, `/cars/${vehicle.slug}`)).body;
    return body.includes(">Reserved<") && !body.includes(`/cars/${vehicle.slug}/checkout`);
  });
  expect(shown).toBe(true);
  expect((await second.send(HOST, `/cars/${vehicle.slug}/checkout`)).status).toBe(409);

  // A replayed notification changes nothing.
  const leads = await app.leadCount("harbourside");
  expect(await postWebhook(app, paid.event, stripe.sign(paid.event))).toBe(200);
  expect(await app.leadCount("harbourside")).toBe(leads);
  expect(stripe.refunds).toEqual([]);
});

it("a second successful payment for the same car is refunded and the shopper told", async () => {
  const [vehicle] = await reservableVehicles();
  if (!vehicle) throw new Error("no reservable vehicle left");
  const first = await startCheckout(vehicle, "10.9.0.2");
  const late = await startCheckout(vehicle, "10.9.0.3");
  expect(first).not.toBe(late);
  expect((await stripe.pay(first)).webhookStatus).toBe(200);
  const paidLate = await stripe.pay(late);
  expect(paidLate.webhookStatus).toBe(200);
  expect(stripe.refunds.map((refund) => refund.payment_intent)).toEqual([stripe.sessions.get(late)?.payment_intent]);
  const told = await app.send(HOST, `/reservation?session_id=${late}`);
  expect(told.body).toContain(html(DEPOSIT_MESSAGES.refunded));
  const payment = await app.db.db.selectFrom("payments").select(["status"]).where("id", "=", late).executeTakeFirst();
  expect(payment?.status).toBe("refunded");
});

it("a correctly signed webhook to a site without Stripe (kiwi-motors: no payment provider) answers 404 and changes nothing", async () => {
  const [vehicle] = await reservableVehicles();
  if (!vehicle) throw new Error("no reservable vehicle left");
  const session = await startCheckout(vehicle, "10.9.0.5");
  const body = sessionPaidEvent("evt_wrong_site", session, "pi_wrong_site");
  expect(await postWebhook(app, body, stripe.sign(body), "kiwi-motors.localhost")).toBe(404);
  const payment = await app.db.db.selectFrom("payments").select(["status"]).where("id", "=", session).executeTakeFirst();
  expect(payment?.status).toBe("pending");
});

it("a webhook with a bad signature is refused (400) and changes nothing", async () => {
  const [vehicle] = await reservableVehicles();
  if (!vehicle) throw new Error("no reservable vehicle left");
  const session = await startCheckout(vehicle, "10.9.0.4");
  const body = sessionPaidEvent("evt_forged", session, "pi_forged");
  expect(await postWebhook(app, body, "t=1,v1=deadbeef")).toBe(400);
  expect(await postWebhook(app, body, stripe.sign(body.replace("evt_forged", "evt_other")))).toBe(400);
  const payment = await app.db.db.selectFrom("payments").select(["status"]).where("id", "=", session).executeTakeFirst();
  expect(payment?.status).toBe("pending");
  expect((await reservableVehicles()).some((v) => v.id === vehicle.id)).toBe(true);
});

it("the Payment Element's intent: one per visitor and car, payment_intent.succeeded reserves once, the second is refunded, the return page reads it", async () => {
  const [vehicle] = await reservableVehicles();
  if (!vehicle) throw new Error("no reservable vehicle left");
  const fields = validFields("reserve", app.tenant("harbourside"));
  const path = `/cars/${vehicle.slug}/checkout?payment=element&_data=${encodeURIComponent("routes/$base.$slug.checkout")}`;
  const startIntent = async (ip: string, cookie?: string) => {
    const reply = await app.postForm(HOST, path, fields, { ip, headers: cookie ? { cookie } : {} });
    expect([reply.status, reply.headers["x-remix-redirect"]]).toEqual([200, undefined]);
    const data = JSON.parse(reply.body) as { payment?: { clientSecret: string; returnUrl: string } };
    if (!data.payment) throw new Error(`no client secret: ${reply.body}`);
    return { ...data.payment, intent: data.payment.clientSecret.split("_secret_")[0] ?? "" };
  };
  const page = await app.send(HOST, `/cars/${vehicle.slug}/checkout`);
  const cookie = [page.headers["set-cookie"]]
    .flat()
    .filter((c): c is string => typeof c === "string")
    .map((c) => c.split(";")[0])
    .join("; ");
  const leadsBefore = await app.leadCount("harbourside");
  const first = await startIntent("10.9.0.5", cookie);
  expect(first.returnUrl).toBe(`http://${HOST}/reservation`);
  expect(stripe.intents.get(first.intent)?.amount).toBe(Math.round((reserveDeposit(vehicle.payment_processors) ?? 0) * 100));
  // The same visitor asking again gets the same intent (Idempotency-Key), not a second one.
  expect((await startIntent("10.9.0.5", cookie)).intent).toBe(first.intent);
  expect(await app.leadCount("harbourside")).toBe(leadsBefore);

  const declined = await app.send(
    HOST,
    `/reservation?payment_intent=${first.intent}&payment_intent_client_secret=${first.clientSecret}&redirect_status=failed`,
  );
  expect(declined.body).toContain(html(DEPOSIT_MESSAGES.cardFailed));
  const late = await startIntent("10.9.0.6");
  expect(late.intent).not.toBe(first.intent);
  const paid = await stripe.confirmIntent(first.intent, first.returnUrl);
  expect(paid.webhookStatus).toBe(200);
  const back = new URL(paid.returnUrl);
  expect(back.searchParams.get("redirect_status")).toBe("succeeded");
  expect((await app.send(HOST, back.pathname + back.search)).body).toContain(html(DEPOSIT_MESSAGES.paid));
  expect((await reservableVehicles()).some((v) => v.id === vehicle.id)).toBe(false);

  const refunded = await stripe.confirmIntent(late.intent, late.returnUrl);
  expect(refunded.webhookStatus).toBe(200);
  expect(stripe.refunds.map((refund) => refund.payment_intent)).toContain(late.intent);
  const lateBack = new URL(refunded.returnUrl);
  expect((await app.send(HOST, lateBack.pathname + lateBack.search)).body).toContain(html(DEPOSIT_MESSAGES.refunded));
  expect(await app.leadCount("harbourside")).toBe(leadsBefore + 2);
});

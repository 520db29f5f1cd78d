import { afterAll, beforeAll, expect, it } from "vitest";
import { DEPOSIT_MESSAGES } from "~/server/reserve/messages";
import { reserveDeposit } from "~/server/reserve/deposit";
import { reserveHref } from "~/server/stock/can-reserve";
import type { Vehicle } from "~/server/stock/vehicle";
import { startFakeTill, type RunningFakeTill } from "../fixtures/fake-till";
import { html, startFormsApp, validFields, type FormsApp } from "./forms-harness";
import { reservableOn } from "./deposits-harness";

// Southern-used's deposits through Till's hosted payment page, against the local fake of Till's API.
const HOST = "southern-used.localhost";
const TILL = { apiKey: "till-connector-key", username: "forecourt-api", password: "till-password", sharedSecret: "till-shared-secret" };
let app: FormsApp;
let till: RunningFakeTill;

type Callback = { status: number; body: string };

function postCallback(body: string, headers: Record<string, string>): Promise<Callback> {
  return app.send(HOST, "/webhooks/till", { method: "POST", body, headers }).then((reply) => ({ status: reply.status, body: reply.body }));
}

beforeAll(async () => {
  till = await startFakeTill({ ...TILL, deliver: (_transaction, body, headers) => postCallback(body, headers) });
  app = await startFormsApp({
    TILL_API_KEY: TILL.apiKey,
    TILL_USERNAME: TILL.username,
    TILL_PASSWORD: TILL.password,
    TILL_SHARED_SECRET: TILL.sharedSecret,
    TILL_API_BASE: till.url,
    RATE_LIMIT_PER_MINUTE: "100",
  });
});

afterAll(async () => {
  await app?.close();
  await till?.close();
});

const reservableVehicles = () => reservableOn(app, "southern-used");

/** Submits the reserve form; answers the fake Till transaction the shopper was sent to. */
async function startCheckout(vehicle: Vehicle, ip: string): Promise<string> {
  const tenant = app.tenant("southern-used");
  const reply = await app.postForm(HOST, reserveHref(vehicle, tenant.site), validFields("reserve", tenant), { ip });
  expect(reply.status).toBe(303);
  const location = String(reply.headers.location);
  expect(location.startsWith(`${till.url}/pay/`)).toBe(true);
  return location.slice(location.lastIndexOf("/") + 1);
}

function ourId(uuid: string): string {
  return till.transactions.get(uuid)?.merchantTransactionId ?? "";
}

it("pays a deposit on Till's hosted page: the signed callback reserves the car and stores a paid lead; a replay changes nothing", async () => {
  const [vehicle] = await reservableVehicles();
  if (!vehicle) throw new Error("southern-used has no reservable vehicle with a deposit");
  // With Till's keys the page offers the payment instead of 'No payment is taken on this page'.
  const page = await app.send(HOST, reserveHref(vehicle, app.tenant("southern-used").site));
  expect(page.body).toContain(html(DEPOSIT_MESSAGES.payNotice));
  const leadsBefore = await app.leadCount("southern-used");
  const uuid = await startCheckout(vehicle, "10.9.1.1");
  const transaction = till.transactions.get(uuid);
  expect(transaction?.amount).toBe(reserveDeposit(vehicle.payment_processors)?.toFixed(2));
  expect(transaction?.callbackUrl).toBe(`http://${HOST}/webhooks/till`);
  expect(await app.leadCount("southern-used")).toBe(leadsBefore);
  const pending = await app.send(HOST, `/reservation?session_id=${ourId(uuid)}`);
  expect(pending.body).toContain(html(DEPOSIT_MESSAGES.pending));

  const paid = await till.pay(uuid);
  expect(paid).toMatchObject({ status: 200, answer: "OK" });
  const back = new URL(paid.returnUrl);
  expect((await app.send(HOST, back.pathname + back.search)).body).toContain(html(DEPOSIT_MESSAGES.paid));

  const rows = await app.db.db
    .selectFrom("leads")
    .select(["payload", "category"])
    .where("tenant", "=", "southern-used")
    .orderBy("created_at", "desc")
    .execute();
  const lead = JSON.parse(rows[0]?.payload ?? "{}") as Record<string, unknown>;
  expect([rows[0]?.category, lead.payment_status, lead.deposit_paid, lead.car_id, lead.payment_provider, lead.payment_reference]).toEqual([
    "Reserve Car Enquiry",
    "paid",
    reserveDeposit(vehicle.payment_processors),
    String(vehicle.id),
    "Till",
    uuid,
  ]);
  expect((await reservableVehicles()).some((v) => v.id === vehicle.id)).toBe(false);

  const leads = await app.leadCount("southern-used");
  expect(await postCallback(paid.body, till.sign(paid.body, transaction?.callbackUrl ?? ""))).toEqual({ status: 200, body: "OK" });
  expect(await app.leadCount("southern-used")).toBe(leads);
  expect(till.refunds).toEqual([]);
});

it("a second successful Till payment for the same car is refunded and the shopper told", async () => {
  const [vehicle] = await reservableVehicles();
  if (!vehicle) throw new Error("no reservable vehicle left");
  const first = await startCheckout(vehicle, "10.9.1.2");
  const late = await startCheckout(vehicle, "10.9.1.3");
  expect((await till.pay(first)).answer).toBe("OK");
  expect((await till.pay(late)).answer).toBe("OK");
  expect(till.refunds).toEqual([
    { merchantTransactionId: `refund_${ourId(late)}`, referenceUuid: late, amount: reserveDeposit(vehicle.payment_processors)?.toFixed(2) },
  ]);
  expect((await app.send(HOST, `/reservation?session_id=${ourId(late)}`)).body).toContain(html(DEPOSIT_MESSAGES.refunded));
  const payment = await app.db.db.selectFrom("payments").select(["status"]).where("id", "=", ourId(late)).executeTakeFirst();
  expect(payment?.status).toBe("refunded");
});

it("a Till callback with a bad signature is refused (400) and changes nothing", async () => {
  const [vehicle] = await reservableVehicles();
  if (!vehicle) throw new Error("no reservable vehicle left");
  const uuid = await startCheckout(vehicle, "10.9.1.4");
  const body = JSON.stringify({ result: "OK", uuid, merchantTransactionId: ourId(uuid), transactionType: "DEBIT", amount: "1.00" });
  const headers = till.sign(body, `http://${HOST}/webhooks/till`);
  expect((await postCallback(body, { ...headers, "X-Signature": "forged" })).status).toBe(400);
  // Signed for another body, or for another path: refused too.
  expect((await postCallback(body.replace('"1.00"', '"500.00"'), headers)).status).toBe(400);
  expect((await postCallback(body, till.sign(body, `http://${HOST}/webhooks/stripe`))).status).toBe(400);
  const payment = await app.db.db.selectFrom("payments").select(["status"]).where("id", "=", ourId(uuid)).executeTakeFirst();
  expect(payment?.status).toBe("pending");
  expect((await reservableVehicles()).some((v) => v.id === vehicle.id)).toBe(true);
});

it("with JavaScript on, the reserve form's data request reloads the document onto Till's page (not a client route)", async () => {
  const [vehicle] = await reservableVehicles();
  if (!vehicle) throw new Error("no reservable vehicle left");
  const href = reserveHref(vehicle, app.tenant("southern-used").site);
  // Remix's browser submit: `?_data=<route id>` and a 204 whose headers tell the client where to go and how.
  const routeId = `routes/$base.$slug.${href.split("/").pop() ?? ""}`;
  const reply = await app.postForm(
    HOST,
    `${href}?_data=${encodeURIComponent(routeId)}`,
    validFields("reserve", app.tenant("southern-used")),
    { ip: "10.9.1.9" },
  );
  expect(reply.status).toBe(204);
  expect(String(reply.headers["x-remix-redirect"]).startsWith(`${till.url}/pay/`)).toBe(true);
  expect(reply.headers["x-remix-reload-document"]).toBe("true");
});

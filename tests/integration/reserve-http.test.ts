import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "~/server/leads/messages";
import { formatMoney } from "~/server/lib/format";
import { RESERVE_MESSAGES } from "~/server/reserve/messages";
import { canReserve } from "~/server/stock/can-reserve";
import { isListed } from "~/server/stock/is-listed";
import { loadStock } from "~/server/inventory/load-stock";
import type { Vehicle } from "~/server/stock/vehicle";
import type { Tenant } from "~/server/tenants/load";
import { html, startFormsApp, validFields, type FormsApp } from "./forms-harness";

let app: FormsApp;
const HARBOURSIDE = "harbourside.localhost";
const SOUTHERN = "southern-used.localhost";

/** A listed, in-stock vehicle of the tenant's demo stock that passes `test`. */
function pick(tenant: Tenant, test: (vehicle: Vehicle) => boolean): Vehicle {
  const now = Date.now();
  const found = loadStock(tenant).find((vehicle) => isListed(vehicle, tenant.site, now) && vehicle.status === "in_stock" && test(vehicle));
  if (!found) throw new Error(`${tenant.slug} has no matching vehicle`);
  return found;
}

type StoredRow = { category: string; mock: number; payload: Record<string, unknown> };

async function rowsFor(tenant: string): Promise<StoredRow[]> {
  const rows = await app.db.db
    .selectFrom("leads")
    .select(["category", "mock", "payload"])
    .where("tenant", "=", tenant)
    .orderBy("created_at")
    .execute();
  return rows.map((row) => ({
    category: row.category,
    mock: Number(row.mock),
    payload: JSON.parse(row.payload) as Record<string, unknown>,
  }));
}

let reservable: Vehicle;
let notReservable: Vehicle;
let southernReservable: Vehicle;

beforeAll(async () => {
  app = await startFormsApp({ MOCK_LEADS: undefined });
  const harbourside = app.tenant("harbourside");
  reservable = pick(harbourside, (vehicle) => canReserve(vehicle, harbourside.site) && vehicle.car_type === "used");
  // Listed and in stock but without a keyed processor or checkout processor: spec 000 §5 says no.
  notReservable = pick(harbourside, (vehicle) => !vehicle.sold && !canReserve(vehicle, harbourside.site));
  const southern = app.tenant("southern-used");
  southernReservable = pick(southern, (vehicle) => canReserve(vehicle, southern.site));
});

afterAll(async () => {
  await app?.close();
});

describe("reserve page (GET)", () => {
  it("harbourside /cars/{slug}/checkout renders the vehicle page with the reserve dialog, its deposit, provider and form", async () => {
    const reply = await app.send(HARBOURSIDE, `/cars/${reservable.slug}/checkout`);
    expect(reply.status).toBe(200);
    expect(reply.headers["cache-control"]).toContain("no-store");
    expect(reply.body).toContain('data-testid="vehicle-page"');
    expect(reply.body).toMatch(/<dialog[^>]*data-testid="reserve-dialog"/);
    const deposit = reservable.payment_processors.find((processor) => processor.authorization_key)?.deposit_amount ?? 0;
    expect(deposit).toBeGreaterThan(0);
    expect(reply.body).toContain(`data-testid="reserve-deposit">${formatMoney(deposit, "en-AU")}</dd>`);
    expect(reply.body).toContain('data-testid="reserve-provider">Stripe</dd>');
    expect(reply.body).toContain(html(RESERVE_MESSAGES.depositNotice));
    expect(reply.body).toContain('data-testid="we-accept"');
    expect(reply.body).toContain('data-kind="reserve"');
    expect(reply.body).toContain(RESERVE_MESSAGES.reserveHeading);
  });

  it("southern-used answers on /buy-online with its own provider and heading", async () => {
    const reply = await app.send(SOUTHERN, `/cars/${southernReservable.slug}/buy-online`);
    expect(reply.status).toBe(200);
    expect(reply.body).toContain('data-testid="reserve-provider">Till</dd>');
    expect(reply.body).toContain(`${RESERVE_MESSAGES.buyOnlineHeading}</h2>`);
    // spec 001 §5 southern-used variant: last name and postcode are part of the form.
    expect(reply.body).toContain('name="last_name"');
    expect(reply.body).toContain('name="postcode"');
  });

  it("the other spelling redirects 301 to the site's own, keeping the query", async () => {
    const checkoutSite = await app.send(HARBOURSIDE, `/cars/${reservable.slug}/buy-online?utm_source=card`);
    expect(checkoutSite.status).toBe(301);
    expect(checkoutSite.headers.location).toBe(`/cars/${reservable.slug}/checkout?utm_source=card`);
    const buyOnlineSite = await app.send(SOUTHERN, `/cars/${southernReservable.slug}/checkout`);
    expect(buyOnlineSite.status).toBe(301);
    expect(buyOnlineSite.headers.location).toBe(`/cars/${southernReservable.slug}/buy-online`);
  });

  it("a listed vehicle that cannot be reserved answers 409 with the reason and no form", async () => {
    const reply = await app.send(HARBOURSIDE, `/cars/${notReservable.slug}/checkout`);
    expect(reply.status).toBe(409);
    expect(reply.body).toContain('data-testid="vehicle-page"');
    expect(reply.body).toContain(html(RESERVE_MESSAGES.notReservable));
    expect(reply.body).not.toContain('data-testid="lead-form"');
  });

  it("an unlisted vehicle is the vehicle 404 page, with no form", async () => {
    const reply = await app.send(HARBOURSIDE, "/cars/no-such-car-123/checkout");
    expect(reply.status).toBe(404);
    expect(reply.body).not.toContain('data-testid="lead-form"');
    expect(reply.body).not.toContain('data-testid="reserve-dialog"');
  });
});

describe("reserve form (POST)", () => {
  it("a good POST stores one Reserve Car Enquiry with the car from the URL and the deposit, then 303s to /success", async () => {
    const tenant = app.tenant("harbourside");
    const before = await app.leadCount("harbourside");
    const reply = await app.postForm(HARBOURSIDE, `/cars/${reservable.slug}/checkout`, {
      ...validFields("reserve", tenant),
      // The browser's hidden car fields are not trusted.
      car_id: "999999",
      car_type: "new",
    });
    expect(reply.status).toBe(303);
    expect(reply.headers.location).toBe("/success?category=reserve-car-enquiry");
    expect(await app.leadCount("harbourside")).toBe(before + 1);
    const rows = await rowsFor("harbourside");
    const row = rows[rows.length - 1];
    expect(row.category).toBe("Reserve Car Enquiry");
    expect(row.mock).toBe(0);
    expect(row.payload).toMatchObject({
      category: "Reserve Car Enquiry",
      subcategory: "Reserve Car",
      event_id: 44,
      car_id: String(reservable.id),
      car_type: reservable.car_type,
      stock_number: reservable.stocknum,
      "Vehicle Make": reservable.make,
      price: reservable.price,
      deposit_amount: reservable.payment_processors.find((processor) => processor.authorization_key)?.deposit_amount,
      payment_provider: "Stripe",
      email: "jane@example.com",
    });
  });

  it("the success page names the category that was sent", async () => {
    const sent = await app.postForm(HARBOURSIDE, `/cars/${reservable.slug}/checkout`, validFields("reserve", app.tenant("harbourside")));
    expect(sent.status).toBe(303);
    // The thank-you page needs the enquiry behind it: the browser sends back its cookie.
    const cookie = [sent.headers["set-cookie"] ?? []]
      .flat()
      .map((value) => value.split(";")[0])
      .join("; ");
    const reply = await app.send(HARBOURSIDE, sent.headers.location ?? "", { headers: { cookie } });
    expect(reply.body).toContain("<strong>Reserve Car Enquiry</strong>");
  });

  it("southern-used /buy-online stores its lead with Till as the provider", async () => {
    const tenant = app.tenant("southern-used");
    const reply = await app.postForm(SOUTHERN, `/cars/${southernReservable.slug}/buy-online`, validFields("reserve", tenant));
    expect(reply.status).toBe(303);
    const rows = await rowsFor("southern-used");
    expect(rows[rows.length - 1].payload).toMatchObject({
      category: "Reserve Car Enquiry",
      car_id: String(southernReservable.id),
      payment_provider: "Till",
      last_name: "Citizen",
    });
  });

  it("a bad POST answers 400 with the spec's messages, keeps what was typed and stores nothing", async () => {
    const tenant = app.tenant("southern-used");
    const before = await app.leadCount();
    const reply = await app.postForm(SOUTHERN, `/cars/${southernReservable.slug}/buy-online`, {
      ...validFields("reserve", tenant),
      name: "Jane 2",
      last_name: "",
      email: "jane@example",
      phone: "02 9000 1234",
      postcode: "12",
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toContain(html(MESSAGES.alphabeticalOnly));
    expect(reply.body).toContain(html(MESSAGES.required));
    expect(reply.body).toContain(html(MESSAGES.invalidEmail));
    expect(reply.body).toContain(html(MESSAGES.phoneAuMobile));
    expect(reply.body).toContain(html(MESSAGES.invalidPostcode));
    expect(reply.body).toContain('value="Jane 2"');
    expect(await app.leadCount()).toBe(before);
  });

  it("sends a filled honeypot to /success like a person and stores nothing", async () => {
    const before = await app.leadCount();
    const reply = await app.postForm(HARBOURSIDE, `/cars/${reservable.slug}/checkout`, validFields("reserve", app.tenant("harbourside")), {
      honeypot: "bot",
    });
    expect(reply.status).toBe(303);
    expect(reply.headers.location).toMatch(/^\/success\?/);
    expect(await app.leadCount()).toBe(before);
  });

  it("a POST on the other spelling is a 404 and stores nothing", async () => {
    const before = await app.leadCount();
    const reply = await app.postForm(HARBOURSIDE, `/cars/${reservable.slug}/buy-online`, validFields("reserve", app.tenant("harbourside")));
    expect(reply.status).toBe(404);
    expect(await app.leadCount()).toBe(before);
  });

  it("a POST for a vehicle that cannot be reserved answers 409 and stores nothing", async () => {
    const before = await app.leadCount();
    const reply = await app.postForm(
      HARBOURSIDE,
      `/cars/${notReservable.slug}/checkout`,
      validFields("reserve", app.tenant("harbourside")),
    );
    expect(reply.status).toBe(409);
    expect(reply.body).toContain(html(RESERVE_MESSAGES.notReservable));
    expect(await app.leadCount()).toBe(before);
  });
});

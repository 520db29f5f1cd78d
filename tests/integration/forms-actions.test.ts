import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { successPath } from "~/server/leads/events";
import type { FormKind } from "~/server/leads/form-kinds";
import { formFields } from "~/server/leads/forms";
import { MESSAGES } from "~/server/leads/messages";
import { logger } from "~/server/lib/logger";
import { GUARD_MESSAGES } from "~/server/handlers/leads/messages";
import { REQUEST_MESSAGES } from "~/server/lib/request-messages";
import { issueFillToken } from "~/server/leads/fill-time";
import { STORE_REFUSALS } from "~/server/leads/store-errors";
import { findLatestVehicles } from "~/server/inventory/vehicle-source";
import type { Vehicle } from "~/server/stock/vehicle";
import { vehicleTitle } from "~/server/stock/vehicle-title";
import { priceDisplay } from "~/server/stock/price-display";
import { vehicleEnquiryMessage } from "~/server/leads/form-defaults";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
import { freshIp, html, startFormsApp, TEST_SECRET, validFields, type FormsApp } from "./forms-harness";

let app: FormsApp;
let usedCar: Vehicle;
const HOST = "harbourside.localhost";

beforeAll(async () => {
  app = await startFormsApp({ MOCK_LEADS: undefined });
  const vehicles = await findLatestVehicles(app.tenant("harbourside"), {
    log: logger,
    now: Date.now(),
    backend: app.services.search.backendFor(app.tenant("harbourside")),
  });
  const found = vehicles.find((vehicle) => vehicle.car_type === "used") ?? vehicles[0];
  if (!found) throw new Error("harbourside has no listed vehicle");
  usedCar = found;
});

afterAll(async () => {
  await app?.close();
});

type StoredRow = { tenant: string; category: string; mock: number; payload: Record<string, unknown> };

async function rowsFor(tenant: string): Promise<StoredRow[]> {
  const rows = await app.db.db
    .selectFrom("leads")
    .select(["tenant", "category", "mock", "payload"])
    .where("tenant", "=", tenant)
    .orderBy("created_at")
    .execute();
  return rows.map((row) => ({
    tenant: row.tenant,
    category: row.category,
    mock: Number(row.mock),
    payload: JSON.parse(row.payload) as Record<string, unknown>,
  }));
}

type FormCase = { path: string; kind: FormKind; category: string; subcategory: string; eventId: number; carType?: string };

const CASES: FormCase[] = [
  { path: "/contact", kind: "general", category: "General Enquiry", subcategory: "Contact", eventId: 22 },
  { path: "/service", kind: "service", category: "Service Enquiry", subcategory: "Service Booking", eventId: 18 },
  { path: "/vehicle-parts-and-accessories", kind: "parts", category: "Parts Enquiry", subcategory: "Parts", eventId: 19 },
  { path: "/book-test-drive", kind: "test-drive", category: "Test Drive Enquiry", subcategory: "Book a Test Drive", eventId: 15 },
  { path: "/finance", kind: "finance", category: "Finance Enquiry", subcategory: "Finance Application", eventId: 23 },
  { path: "/trade-in", kind: "trade-in", category: "Trade-In Enquiry", subcategory: "Trade-In Valuation", eventId: 16 },
  { path: "/fleet", kind: "fleet", category: "Fleet Enquiry", subcategory: "Fleet", eventId: 17 },
  // spec 001 §4: careers is sent as General Enquiry / Career Enquiry with event id 51.
  { path: "/careers", kind: "careers", category: "General Enquiry", subcategory: "Career Enquiry", eventId: 51 },
  { path: "/sell-my-car", kind: "sell-my-car", category: "Sell My Car Enquiry", subcategory: "Sell My Car", eventId: 32 },
  { path: "/request-photos", kind: "request-photos", category: "Request Photos Enquiry", subcategory: "Request Photos", eventId: 42 },
  {
    path: "/find-me-something-similar",
    kind: "find-similar",
    category: "Find Similar Enquiry",
    subcategory: "Find Me Something Similar",
    eventId: 43,
  },
];

describe("each form page", () => {
  for (const form of CASES) {
    it(`${form.path}: GET renders the form; a good POST answers 303 to /success and stores exactly one lead`, async () => {
      const tenant = app.tenant("harbourside");
      const page = await app.send(HOST, form.path);
      expect(page.status).toBe(200);
      expect(page.headers["cache-control"]).toContain("no-store");
      expect(page.body).toContain('data-testid="lead-form"');
      for (const field of formFields(form.kind, tenant).filter((f) => f.type !== "hidden"))
        expect(page.body).toContain(`data-testid="field-${html(field.name)}"`);

      const before = (await rowsFor("harbourside")).length;
      const reply = await app.postForm(HOST, form.path, validFields(form.kind, tenant));
      expect(reply.status).toBe(303);
      expect(reply.headers.location).toBe(successPath(form.category));
      expect(String(reply.headers["set-cookie"])).toContain("fc_visitor=");
      const rows = await rowsFor("harbourside");
      expect(rows.length).toBe(before + 1);
      const row = rows[rows.length - 1];
      expect(row).toMatchObject({ tenant: "harbourside", category: form.category, mock: 0 });
      expect(row.payload).toMatchObject({
        category: form.category,
        subcategory: form.subcategory,
        website_slug: "harbourside",
        source: "Website",
        email: "jane@example.com",
      });
      expect(row.payload.event_id).toBe(form.eventId);
    });

    it(`${form.path}: an empty POST answers 400 with the exact messages and stores nothing`, async () => {
      const tenant = app.tenant("harbourside");
      const before = await app.leadCount();
      const reply = await app.postForm(HOST, form.path, {});
      expect(reply.status).toBe(400);
      for (const field of formFields(form.kind, tenant).filter((f) => f.required)) {
        const expected = field.name === "terms" ? MESSAGES.termsRequired : MESSAGES.required;
        expect(reply.body).toContain(`data-testid="field-error-${html(field.name)}">${html(expected)}<`);
      }
      expect(await app.leadCount()).toBe(before);
    });
  }
});

describe("validation messages and re-rendered values", () => {
  it("answers 400 with the pattern messages and keeps what was typed", async () => {
    const tenant = app.tenant("harbourside");
    const fields = validFields("general", tenant, { name: "Jane 2", email: "jane@example", phone: "0612345678" });
    const before = await app.leadCount();
    const reply = await app.postForm(HOST, "/contact", fields);
    expect(reply.status).toBe(400);
    expect(reply.body).toContain(`data-testid="field-error-name">${html(MESSAGES.alphabeticalOnly)}<`);
    expect(reply.body).toContain(`data-testid="field-error-email">${html(MESSAGES.invalidEmail)}<`);
    expect(reply.body).toContain(`data-testid="field-error-phone">${html(MESSAGES.phoneAu)}<`);
    expect(reply.body).toContain('value="Jane 2"');
    expect(reply.body).toContain('aria-invalid="true"');
    expect(await app.leadCount()).toBe(before);
  });

  it("uses the tenant's variant: southern-used requires last name and postcode, mobile numbers only", async () => {
    const tenant = app.tenant("southern-used");
    const fields = validFields("general", tenant, { last_name: "", postcode: "123", phone: "02 9000 0000" });
    const reply = await app.postForm("southern-used.localhost", "/contact", fields);
    expect(reply.status).toBe(400);
    expect(reply.body).toContain(`data-testid="field-error-last_name">${html(MESSAGES.required)}<`);
    expect(reply.body).toContain(`data-testid="field-error-postcode">${html(MESSAGES.invalidPostcode)}<`);
    expect(reply.body).toContain(`data-testid="field-error-phone">${html(MESSAGES.phoneAuMobile)}<`);
  });

  it("answers a JavaScript (data) submission with the Conform reply as JSON", async () => {
    const reply = await app.postForm(HOST, "/contact?_data=routes%2Fcontact", { name: "" });
    expect(reply.status).toBe(400);
    const data = JSON.parse(reply.body) as { result: { error: Record<string, string[]> }; failed: boolean };
    expect(data.failed).toBe(false);
    expect(data.result.error.name).toEqual([MESSAGES.required]);
  });
});

describe("vehicle dialogs", () => {
  it("GET /cars/{slug}/enquire renders the vehicle page with the dialog open", async () => {
    const reply = await app.send(HOST, `/cars/${usedCar.slug}/enquire`);
    expect(reply.status).toBe(200);
    expect(reply.body).toContain('data-testid="vehicle-page"');
    expect(reply.body).toMatch(/<dialog[^>]*open=""[^>]*data-testid="enquire-dialog"|<dialog[^>]*data-testid="enquire-dialog"[^>]*open/);
    expect(reply.body).toContain("Submit an enquiry");
    // The car it is about — photo, title, price as its card shows them — and the usual question, editable.
    const title = vehicleTitle(usedCar);
    const car = /<span class="flex items-center gap-3" data-testid="form-car">(.*?)<\/span><\/span><\/span>/.exec(reply.body)?.[1] ?? "";
    expect(car).toContain(html(title));
    expect(reply.body).toContain(`data-testid="form-car-price">${html(priceDisplay(usedCar, app.tenant("harbourside").site).text)}</span>`);
    if (usedCar.primary_image_url || usedCar.images.length > 0) expect(car).toMatch(/<img src="\/_image\?url=/);
    expect(reply.body).toMatch(
      new RegExp(`<textarea[^>]*name="message"[^>]*>${escapeRegExp(html(vehicleEnquiryMessage(title)))}</textarea>`),
    );
  });

  it("a vehicle enquiry is stored with the car from the URL and swaps the success category by car_type", async () => {
    const tenant = app.tenant("harbourside");
    const reply = await app.postForm(HOST, `/cars/${usedCar.slug}/enquire`, {
      ...validFields("vehicle", tenant),
      car_id: "999999",
      car_type: "new",
    });
    expect(reply.status).toBe(303);
    expect(reply.headers.location).toBe(successPath("Used Vehicle Enquiry", usedCar.car_type));
    const rows = await rowsFor("harbourside");
    const row = rows[rows.length - 1];
    expect(row.payload).toMatchObject({
      car_id: String(usedCar.id),
      car_type: usedCar.car_type,
      stock_number: usedCar.stocknum,
      "Vehicle Make": usedCar.make,
    });
  });

  it("the test-drive dialog stores a Test Drive Enquiry without a date (optional)", async () => {
    const tenant = app.tenant("harbourside");
    const page = await app.send(HOST, `/cars/${usedCar.slug}/test-drive`);
    expect(page.body).toContain("Book a Test Drive");
    const reply = await app.postForm(HOST, `/cars/${usedCar.slug}/test-drive`, validFields("test-drive", tenant));
    expect(reply.status).toBe(303);
    expect(reply.headers.location).toBe("/success?category=test-drive-enquiry");
    const rows = await rowsFor("harbourside");
    expect(rows[rows.length - 1].payload).toMatchObject({ category: "Test Drive Enquiry", car_id: String(usedCar.id) });
  });

  it("an unknown vehicle's dialog is a 404 and stores nothing", async () => {
    const before = await app.leadCount();
    const reply = await app.postForm(HOST, "/cars/no-such-car-123/enquire", validFields("vehicle", app.tenant("harbourside")));
    expect(reply.status).toBe(404);
    expect(await app.leadCount()).toBe(before);
  });
});

describe("car_id pages", () => {
  it("/request-photos?car_id= shows the vehicle and stores our stock record's details, message optional", async () => {
    const tenant = app.tenant("harbourside");
    const page = await app.send(HOST, `/request-photos?car_id=${usedCar.id}`);
    expect(page.body).toContain('data-testid="form-vehicle"');
    const fields = validFields("request-photos", tenant, { car_id: String(usedCar.id), message: "" });
    const reply = await app.postForm(HOST, `/request-photos?car_id=${usedCar.id}`, fields);
    expect(reply.status).toBe(303);
    const rows = await rowsFor("harbourside");
    expect(rows[rows.length - 1].payload).toMatchObject({
      category: "Request Photos Enquiry",
      car_id: String(usedCar.id),
      stock_number: usedCar.stocknum,
    });
  });

  it("/cars/trade-in?car_id= stores the car's identifiers and the visitor's own vehicle fields", async () => {
    const tenant = app.tenant("harbourside");
    const reply = await app.postForm(HOST, `/cars/trade-in?car_id=${usedCar.id}`, validFields("trade-in", tenant));
    expect(reply.status).toBe(303);
    const rows = await rowsFor("harbourside");
    expect(rows[rows.length - 1].payload).toMatchObject({
      category: "Trade-In Enquiry",
      car_id: String(usedCar.id),
      "Vehicle Make": "Toyota",
      "Vehicle Model": "Corolla",
    });
  });

  it("finance reads preferredDealership, vehiclePriceBudget and car_id from the query into the form", async () => {
    const page = await app.send(
      HOST,
      `/finance?preferredDealership=harbourside-mazda&vehiclePriceBudget=25000&car_id=${usedCar.id}&car_type=${usedCar.car_type}`,
    );
    expect(page.status).toBe(200);
    expect(page.body).toContain('id="finance-form"');
    expect(page.body).toMatch(/name="preferredDealership"[^>]*value="harbourside-mazda"/);
    expect(page.body).toMatch(/name="vehiclePriceBudget"[^>]*value="25000"/);
    expect(page.body).toMatch(new RegExp(`name="car_id"[^>]*value="${usedCar.id}"`));
    // spec 001 §9: the finance vehicle type starts on 'Car', server-rendered (no JavaScript needed).
    expect(page.body).toMatch(/<select[^>]*name="vehicle_type"[^>]*>.*?<option value="Car" selected="">Car<\/option>/s);
  });

  it("a finance route that is not the tenant's redirects GETs to its own and refuses POSTs", async () => {
    const get = await app.send(HOST, "/apply-for-finance?car_id=1");
    expect(get.status).toBe(302);
    expect(get.headers.location).toBe("/finance?car_id=1");
    const post = await app.postForm(HOST, "/apply-for-finance", validFields("finance", app.tenant("harbourside")));
    expect(post.status).toBe(404);
    const lakeside = await app.send("lakeside-auto.localhost", "/apply-for-finance");
    expect(lakeside.status).toBe(200);
    const southern = await app.send("southern-used.localhost", "/finance");
    expect(southern.headers.location).toBe("/finance-enquiry");
  });
});

describe("stored user details", () => {
  it("pre-fill the next form from the visitor cookie (no JavaScript needed)", async () => {
    const tenant = app.tenant("harbourside");
    const reply = await app.postForm(HOST, "/fleet", validFields("fleet", tenant, { name: "Remy Driver", email: "remy@example.com" }));
    const cookie = String(reply.headers["set-cookie"]).split(";")[0];
    const next = await app.send(HOST, "/service", { headers: { cookie } });
    expect(next.body).toMatch(/name="name"[^>]*value="Remy Driver"|value="Remy Driver"[^>]*name="name"/);
    expect(next.body).toMatch(/name="email"[^>]*value="remy@example.com"|value="remy@example.com"[^>]*name="email"/);
    const success = await app.send(HOST, reply.headers.location ?? "", { headers: { cookie } });
    expect(success.body).toContain('data-testid="success"');
    expect(success.body).toContain("Fleet Enquiry");
  });
});

describe("abuse guards", () => {
  it("a filled honeypot gets the normal /success redirect and stores nothing", async () => {
    const before = await app.leadCount();
    const human = await app.postForm(HOST, "/service", validFields("service", app.tenant("harbourside")));
    const reply = await app.postForm(HOST, "/service", validFields("service", app.tenant("harbourside")), { honeypot: "I am a bot" });
    expect(reply.status).toBe(303);
    expect(reply.headers.location).toBe(human.headers.location);
    expect(await app.leadCount()).toBe(before + 1);
  });

  it("junk or oversized honeypot values never cause a 500", async () => {
    const before = await app.leadCount();
    const fields = validFields("general", app.tenant("harbourside"));
    for (const honeypot of ["x".repeat(5000), "\u{1F697}\uFFFD\u200B".repeat(700), "\uD800 lone surrogate"]) {
      const reply = await app.postForm(HOST, "/contact", fields, { honeypot });
      expect(reply.status).toBe(303);
      expect(reply.headers.location).toMatch(/^\/success\?/);
    }
    const body = new URLSearchParams({ ...fields, name__confirm: "", from__confirm: "\u00ff\u0000garbage".repeat(300), _fill: "1.x" });
    const junk = await app.send(HOST, "/contact", {
      method: "POST",
      body: body.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(junk.status).toBe(303);
    expect(await app.leadCount()).toBe(before);
  });

  it("a fill token serves one lead: the second lead with it is refused with the form's message", async () => {
    const fillToken = issueFillToken("harbourside", Date.now() - 5000, [TEST_SECRET]);
    const fields = validFields("general", app.tenant("harbourside"));
    expect((await app.postForm(HOST, "/contact", fields, { fillToken })).status).toBe(303);
    const before = await app.leadCount();
    const again = await app.postForm(HOST, "/contact", fields, { fillToken });
    expect(again.status).toBe(400);
    expect(again.body).toContain(`data-testid="form-error">${html(STORE_REFUSALS.fillTokenUsed)}<`);
    expect(await app.leadCount()).toBe(before);
  });

  it("a form sent within 2 seconds of rendering answers 400 with its message and stores nothing", async () => {
    const before = await app.leadCount();
    const fillToken = issueFillToken("harbourside", Date.now(), [TEST_SECRET]);
    const reply = await app.postForm(HOST, "/contact", validFields("general", app.tenant("harbourside")), { fillToken });
    expect(reply.status).toBe(400);
    expect(reply.body).toContain(`data-testid="form-error">${html(GUARD_MESSAGES.tooFast)}<`);
    expect(reply.body).toContain('value="Jane Citizen"');
    expect(await app.leadCount()).toBe(before);
  });

  it("a forged or missing fill token answers 400", async () => {
    const reply = await app.postForm(HOST, "/contact", validFields("general", app.tenant("harbourside")), { fillToken: "123.forged" });
    expect(reply.status).toBe(400);
    expect(reply.body).toContain(html(GUARD_MESSAGES.expired));
  });

  it("the ninth post in a minute from one address answers 429 with Retry-After (limit 8)", async () => {
    const ip = freshIp();
    const fields = validFields("general", app.tenant("kiwi-motors"));
    for (let i = 0; i < 8; i += 1) expect((await app.postForm("kiwi-motors.localhost", "/contact", { name: "" }, { ip })).status).toBe(400);
    const before = await app.leadCount();
    const reply = await app.postForm("kiwi-motors.localhost", "/contact", fields, { ip });
    expect(reply.status).toBe(429);
    expect(Number(reply.headers["retry-after"])).toBeGreaterThan(0);
    expect(reply.body).toContain('data-testid="form-error">You have sent several enquiries in a short time.');
    expect(await app.leadCount()).toBe(before);
    // Another tenant keeps its own window for the same address.
    expect((await app.postForm(HOST, "/contact", validFields("general", app.tenant("harbourside")), { ip })).status).toBe(303);
  });

  it("refuses a url-encoded body over 1 MB with 413", async () => {
    const reply = await app.postForm(HOST, "/contact", { message: "x".repeat(1024 * 1024 + 10) });
    expect(reply.status).toBe(413);
    expect(reply.body).toContain(html(REQUEST_MESSAGES.bodyTooLarge));
  });
});

describe("a database that fails mid-write", () => {
  it("answers 503 with the spec's text and leaves no half-saved lead", async () => {
    const tenant = app.tenant("harbourside");
    const before = await app.leadCount();
    // harbourside delivers to a webhook, so saving writes the lead and then its outbox rows in one transaction.
    await app.db.db.schema.alterTable("lead_outbox").renameTo("lead_outbox_away").execute();
    try {
      const reply = await app.postForm(HOST, "/contact", validFields("general", tenant));
      expect(reply.status).toBe(503);
      expect(reply.body).toContain(`data-testid="form-error">${html(MESSAGES.submitError)}<`);
      const data = await app.postForm(HOST, "/contact?_data=routes%2Fcontact", validFields("general", tenant));
      expect(data.status).toBe(503);
      expect(JSON.parse(data.body)).toMatchObject({ failed: true, result: { error: { "": [MESSAGES.submitError] } } });
    } finally {
      await app.db.db.schema.alterTable("lead_outbox_away").renameTo("lead_outbox").execute();
    }
    expect(await app.leadCount()).toBe(before);
  });
});

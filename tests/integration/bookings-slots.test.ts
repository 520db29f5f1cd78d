import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { BOOKING_MESSAGES } from "~/server/bookings/messages";
import { startFakeDealerApi, type RunningFakeDealerApi } from "../fixtures/fake-dealer-api";
import { html, startFormsApp, validFields, type FormsApp } from "./forms-harness";
import { connectDealerApi, DEALER_API_ENV } from "./dealer-api-site";

let app: FormsApp;
let dealer: RunningFakeDealerApi;
const HOST = "harbourside.localhost";

beforeAll(async () => {
  dealer = await startFakeDealerApi();
  app = await startFormsApp(DEALER_API_ENV);
  connectDealerApi(app.tenant("harbourside"), dealer.url);
});

afterAll(async () => {
  await app?.close();
  await dealer?.close();
});

beforeEach(() => {
  dealer.mode = "ok";
  app.services.bookingSlots.clear();
});

/** The radio values (slot instants) a page offers. */
function offered(body: string): string[] {
  return [...body.matchAll(/type="radio" name="appointment"[^>]* value="([^"]+)"/g)].map((match) => match[1] ?? "");
}

async function storedPayloads(): Promise<Record<string, unknown>[]> {
  const rows = await app.db.db.selectFrom("leads").select(["payload"]).where("tenant", "=", "harbourside").orderBy("created_at").execute();
  return rows.map((row) => JSON.parse(row.payload) as Record<string, unknown>);
}

it("books a test-drive slot: the page offers future times by day, the lead carries the slot in the dealership's time", async () => {
  const page = await app.send(HOST, "/book-test-drive");
  expect(page.status).toBe(200);
  expect(page.body).toContain('data-testid="slot-picker"');
  expect(page.body).toContain(html(BOOKING_MESSAGES.slotsHint));
  const values = offered(page.body);
  expect(values.length).toBeGreaterThan(5);
  // The fake always lists one slot already past: it is not offered.
  expect(values.every((value) => Date.parse(value) > Date.now())).toBe(true);
  expect(page.body).not.toContain('type="date"');
  expect(dealer.calls.at(-1)?.path).toBe("/dealerships/1101/available_appointment_bookings.json");

  const chosen = values[2] ?? "";
  const reply = await app.postForm(HOST, "/book-test-drive", validFields("test-drive", app.tenant("harbourside"), { appointment: chosen }));
  expect(reply.status).toBe(303);
  const lead = (await storedPayloads()).at(-1);
  expect(lead?.appointment).toBe(chosen);
  expect(lead?.appointment_time_zone).toBe("Australia/Sydney");
  const local = new Intl.DateTimeFormat("en-AU", { timeZone: "Australia/Sydney", hour: "numeric", minute: "2-digit", hour12: true }).format(
    Date.parse(chosen),
  );
  expect(String(lead?.appointment_local)).toContain(`, ${local} (Australia/Sydney)`);
});

it("a slot taken between page and submit: the message, nothing stored, and the fresh list without it", async () => {
  const page = await app.send(HOST, "/service");
  const chosen = offered(page.body)[0] ?? "";
  expect(dealer.calls.at(-1)?.path).toBe("/dealerships/1101/available_service_bookings.json");
  dealer.take(chosen);
  const before = await app.leadCount("harbourside");
  const reply = await app.postForm(HOST, "/service", validFields("service", app.tenant("harbourside"), { appointment: chosen }));
  expect(reply.status).toBe(400);
  expect(reply.body).toContain(html(BOOKING_MESSAGES.slotTaken));
  expect(await app.leadCount("harbourside")).toBe(before);
  const again = await app.send(HOST, "/service");
  expect(offered(again.body)).not.toContain(chosen);
  expect(offered(again.body).length).toBeGreaterThan(0);
});

it.each(["error", "junk"] as const)(
  "a calendar answering %s: the free date field, nothing alarming, and the booking still goes in",
  async (mode) => {
    dealer.mode = mode;
    const page = await app.send(HOST, "/book-test-drive");
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('data-testid="slot-picker"');
    expect(page.body).toContain('type="date"');
    expect(page.body).not.toMatch(/unavailable|unexpected error|Calendar service/i);
    const reply = await app.postForm(
      HOST,
      "/book-test-drive",
      validFields("test-drive", app.tenant("harbourside"), { date: "2026-12-01" }),
    );
    expect(reply.status).toBe(303);
    expect((await storedPayloads()).at(-1)?.date).toBe("2026-12-01");
  },
);

it("a calendar answering a bare [] is asked once per page, and the form keeps its free date field", async () => {
  dealer.mode = "empty";
  const before = dealer.calls.length;
  const page = await app.send(HOST, "/book-test-drive");
  expect(page.status).toBe(200);
  expect(page.body).toContain('type="date"');
  expect(page.body).not.toContain('data-testid="slot-picker"');
  expect(dealer.calls.length - before).toBe(1);
});

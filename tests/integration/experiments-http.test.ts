import { BROWSER_UA, beaconHref, viewPage } from "./visit-beacon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignVariant } from "~/server/experiments/assign";
import { dealerReport } from "~/server/events/report";
import { formatReport } from "~/server/events/report-format";
import { vehicleHref } from "~/server/stock/can-reserve";
import { readDeviceId } from "~/server/visitor/cookie";
import { startFormsApp, validFields, type FormsApp } from "./forms-harness";

// spec 001 §6: harbourside runs the 'vehicle-buttons' split test from its site.json.
let app: FormsApp;
const HARBOUR = "harbourside.localhost";

beforeAll(async () => {
  app = await startFormsApp();
});
afterAll(async () => {
  await app?.close();
});

async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** A visitor's cookie from a first page, and the variant the site's experiment gives its device id. */
async function newVisitor(): Promise<{ cookie: string; variant: string }> {
  const { cookie } = await viewPage(app.send, HARBOUR, "/");
  const deviceId = await readDeviceId(new Request("http://x/", { headers: { cookie } }), app.services.cookies);
  const experiment = app.tenant("harbourside").site.experiments[0]!;
  return { cookie, variant: assignVariant(experiment, deviceId!).name };
}

function buttonOrder(html: string): string[] {
  return [...html.matchAll(/data-testid="vehicle-button-(\w+)"/g)].map((m) => m[1]!);
}

describe("split test on the vehicle page", () => {
  it("gives two visitors sticky variants with different button orders, records exposures and a conversion, and reports them", async () => {
    const since = new Date(Date.now() - 1);
    const tenant = app.tenant("harbourside");
    const [vehicle] = (await app.services.stock.loadVehicles("harbourside")).filter(
      (v) => v.status === "in_stock" && v.show_on_dealer_website,
    );
    const path = vehicleHref(vehicle!, tenant.site);

    const visitors = new Map<string, string>();
    for (let i = 0; i < 40 && visitors.size < 2; i++) {
      const visitor = await newVisitor();
      if (!visitors.has(visitor.variant)) visitors.set(visitor.variant, visitor.cookie);
    }
    const control = visitors.get("control")!;
    const testDrive = visitors.get("test-drive-first")!;

    const orders = new Map<string, string[]>();
    for (const [variant, cookie] of [
      ["control", control],
      ["test-drive-first", testDrive],
      ["control", control],
    ] as const) {
      // The page and its visit beacon, which records the page view.
      const { page } = await viewPage(app.send, HARBOUR, path, cookie);
      expect(page.status).toBe(200);
      const order = buttonOrder(page.body);
      // Sticky: the same visitor sees the same order on every view.
      if (orders.has(variant)) expect(order).toEqual(orders.get(variant));
      orders.set(variant, order);
    }
    const controlOrder = orders.get("control")!;
    const testDriveOrder = orders.get("test-drive-first")!;
    expect(controlOrder.indexOf("call_us_now")).toBeLessThan(controlOrder.indexOf("book_test_drive"));
    expect(testDriveOrder.indexOf("book_test_drive")).toBeLessThan(testDriveOrder.indexOf("call_us_now"));

    // The test-drive-first visitor sends an enquiry: the conversion.
    const sent = await app.postForm(HARBOUR, "/contact", validFields("general", tenant), { headers: { cookie: testDrive } });
    expect(sent.status).toBe(303);

    const tested = () =>
      app.db.db
        .selectFrom("events")
        .select(["event_id", "properties", "lead_id"])
        .where("tenant", "=", "harbourside")
        .where("properties", "like", '%"experiment%')
        .execute();
    await eventually(async () => (await tested()).length >= 4);
    const rows = await tested();
    expect(rows.filter((r) => r.lead_id === null).map((r) => JSON.parse(r.properties!))).toEqual(
      expect.arrayContaining([
        { experiment: "vehicle-buttons", variant: "control" },
        { experiment: "vehicle-buttons", variant: "test-drive-first" },
      ]),
    );
    const lead = rows.find((r) => r.lead_id !== null)!;
    expect(lead.event_id).toBe(22);
    expect(JSON.parse(lead.properties!).experiments).toEqual({ "vehicle-buttons": "test-drive-first" });

    // One row per vehicle page view, and that row carries the exposure: three views, three rows.
    const vehicleEvents = () =>
      app.db.db
        .selectFrom("events")
        .select(["properties"])
        .where("tenant", "=", "harbourside")
        .where("event_id", "in", [3, 4, 45])
        .orderBy("id")
        .execute();
    await eventually(async () => (await vehicleEvents()).length >= 3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await vehicleEvents()).map((r) => JSON.parse(r.properties ?? "{}") as Record<string, string>)).toEqual([
      { experiment: "vehicle-buttons", variant: "control" },
      { experiment: "vehicle-buttons", variant: "test-drive-first" },
      { experiment: "vehicle-buttons", variant: "control" },
    ]);
    const report = await dealerReport(app.db, "harbourside", since);
    expect(report.experiments).toEqual([
      {
        experiment: "vehicle-buttons",
        variants: [
          { variant: "control", exposures: 2, visitors: 1, leads: 0, conversionPercent: 0 },
          { variant: "test-drive-first", exposures: 1, visitors: 1, leads: 1, conversionPercent: 100 },
        ],
      },
    ]);
    expect(report.vehiclePageViews).toBe(3);
    const text = formatReport(report, "text");
    expect(text).toContain("Split test vehicle-buttons");
    expect(text).toMatch(/test-drive-first\s+1\s+1\s+1\s+100%/);
    expect(formatReport(report, "csv")).toContain("experiment:vehicle-buttons,test-drive-first:leads,1");
  });

  it("puts a first visit in the test on its first vehicle page: the cookie's device id is the one assigned, exposed once", async () => {
    const tenant = app.tenant("harbourside");
    const experiment = tenant.site.experiments[0]!;
    const [vehicle] = (await app.services.stock.loadVehicles("harbourside")).filter(
      (v) => v.status === "in_stock" && v.show_on_dealer_website,
    );
    const path = vehicleHref(vehicle!, tenant.site);

    // No cookie: the root loader and the vehicle loader share the device id minted for this request.
    const first = await app.send(HARBOUR, path);
    expect(first.status).toBe(200);
    const visitorCookies = String(first.headers["set-cookie"])
      .split(/,(?=\s*\w+=)/)
      .filter((c) => c.trim().startsWith("fc_visitor="));
    expect(visitorCookies).toHaveLength(1);
    const cookie = visitorCookies[0]!.split(";")[0]!.trim();
    const deviceId = (await readDeviceId(new Request("http://x/", { headers: { cookie } }), app.services.cookies))!;
    const variant = assignVariant(experiment, deviceId);
    // The page ranks the buttons; the variant shows as Call before or after Book a test drive.
    const order = buttonOrder(first.body);
    const testDriveFirst = order.indexOf("book_test_drive") < order.indexOf("call_us_now");
    expect(testDriveFirst).toBe(variant.name === "test-drive-first");

    // The page's visit beacon records the view, with the variant this visitor saw.
    const beacon = await app.send(HARBOUR, beaconHref(first.body), { headers: { "user-agent": BROWSER_UA, cookie } });
    expect(beacon.status).toBe(200);

    const exposures = () =>
      app.db.db
        .selectFrom("events")
        .select(["anon_id", "properties"])
        .where("tenant", "=", "harbourside")
        .where("anon_id", "=", deviceId)
        .where("properties", "like", '%"experiment"%')
        .execute();
    await eventually(async () => (await exposures()).length >= 1);
    expect((await exposures()).map((r) => JSON.parse(r.properties!))).toEqual([{ experiment: "vehicle-buttons", variant: variant.name }]);

    // Sticky: the second view with the cookie shows the same order.
    const second = await app.send(HARBOUR, path, { headers: { cookie } });
    expect(buttonOrder(second.body)).toEqual(buttonOrder(first.body));
  });

  it("never puts a bot in the test, cookie or not", async () => {
    const tenant = app.tenant("harbourside");
    const [vehicle] = (await app.services.stock.loadVehicles("harbourside")).filter(
      (v) => v.status === "in_stock" && v.show_on_dealer_website,
    );
    const experimentEvents = () =>
      app.db.db
        .selectFrom("events")
        .select("id")
        .where("tenant", "=", "harbourside")
        .where("properties", "like", '%"experiment"%')
        .execute();
    const before = await experimentEvents();
    const page = await app.send(HARBOUR, vehicleHref(vehicle!, tenant.site), {
      headers: { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
    });
    expect(page.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = await experimentEvents();
    expect(after.length).toBe(before.length);
  });
});

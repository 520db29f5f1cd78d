import { describe, expect, it, vi } from "vitest";
import { GARAGE_MESSAGES } from "~/server/garage/messages";
import { readHeaders } from "~/server/leads/delivery/local-mailbox";
import { formatMoney } from "~/server/lib/format";
import type { Vehicle } from "~/server/stock/vehicle";
import { vehicleTitle } from "~/server/stock/vehicle-title";
import { formsAppForFile } from "./forms-harness";
import { garageSteps } from "./garage-harness";

// A signed-in shopper opts in per saved car; an import that lowers its price sends one
// email (deduplicated) whose unsubscribe link works without signing in; the garage marks 'price dropped'.

const HOST = "harbourside.localhost";
const { post, mailFor, signIn } = garageSteps(() => app, HOST);

const app = formsAppForFile({ SMTP_URL: undefined });

/** The import answers before its alerts go out (they run in the background): wait for the mailbox. */
async function priceDropMails(email: string, count: number): Promise<string[]> {
  return vi.waitFor(
    async () => {
      const mails = (await mailFor("harbourside", email)).filter((raw) => raw.includes("Subject: Price drop"));
      expect(mails).toHaveLength(count);
      return mails;
    },
    { timeout: 10_000, interval: 50 },
  );
}

/** A partial JSON import that changes only this car's price, as a dealer's feed would. */
function importPrice(car: Vehicle, price: number) {
  const { id: _id, slug: _slug, status: _status, sold: _sold, ...given } = car;
  const feed = { vehicles: [{ ...given, before_price: null, price }] };
  return app.services.importStock(
    app.tenant("harbourside"),
    { bytes: new TextEncoder().encode(JSON.stringify(feed)), format: "json" },
    { source: "push", mode: "partial" },
  );
}

describe("price-drop alerts", () => {
  it("sends one email when an import lowers an opted-in saved car's price, with a working unsubscribe link", async () => {
    const car = (await app.services.stock.loadVehicles("harbourside")).find(
      (v) => v.status === "in_stock" && v.show_on_dealer_website && (v.price ?? 0) > 20_000,
    )!;
    const email = "alerts@example.com";
    const { garage } = await signIn(email);
    expect((await post("/saved-cars", { car_id: String(car.id), intent: "add", return_to: "/" }, garage)).status).toBe(303);
    expect((await post("/my-garage", { intent: "alerts", car_id: String(car.id), on: "1" }, garage)).status).toBe(303);
    const before = (await mailFor("harbourside", email)).length;

    const lower = car.price! - 1500;
    const report = await importPrice(car, lower);
    expect(report.outcome).toBe("applied");
    expect(report.counts.price_changed).toBe(1);

    const alerts = await priceDropMails(email, 1);
    expect((await mailFor("harbourside", email)).length).toBe(before + 1);
    const newPrice = formatMoney(lower, "en-AU");
    expect(readHeaders(alerts[0]!).get("subject")).toBe(`Price drop: ${vehicleTitle(car)} is now ${newPrice}`);

    // The garage marks it; the same import again sends nothing more.
    const page = await app.send(HOST, "/my-garage?tab=saved-cars", { headers: { cookie: garage } });
    expect(page.body).toContain("price dropped");
    expect(page.body).toContain(newPrice);
    await importPrice(car, lower);
    // Nothing more to wait for once the background runs have finished.
    await app.services.garage.alerts.idle();
    expect(await priceDropMails(email, 1)).toHaveLength(1);

    // Unsubscribe without signing in: GET shows a button and changes nothing; the POST stops the emails.
    const link = /(https?:\/\/\S+\/saved-cars\/unsubscribe\?token=[A-Za-z0-9._%-]+)/.exec(alerts[0]!)?.[1];
    expect(link).toBeDefined();
    const target = new URL(link!);
    const confirm = await app.send(HOST, `${target.pathname}${target.search}`);
    expect(confirm.status).toBe(200);
    expect(confirm.body).toContain("Stop price-drop and sold emails");
    const token = target.searchParams.get("token")!;
    const done = await post(`${target.pathname}${target.search}`, { token });
    expect(done.status).toBe(200);
    expect(done.body).toContain(GARAGE_MESSAGES.unsubscribed);
    await importPrice(car, lower - 1000);
    await app.services.garage.alerts.idle();
    expect(await priceDropMails(email, 1)).toHaveLength(1);

    const forged = await post("/saved-cars/unsubscribe", { token: token.replace(/.$/, (c) => (c === "A" ? "B" : "A")) });
    expect(forged.status).toBe(400);
    expect(forged.body).toContain(GARAGE_MESSAGES.unsubscribeInvalid);
  });

  it("sends nothing for a saved car without the opt-in, nor to an anonymous visitor", async () => {
    const car = (await app.services.stock.loadVehicles("harbourside")).filter(
      (v) => v.status === "in_stock" && (v.price ?? 0) > 20_000,
    )[3]!;
    const email = "quiet@example.com";
    const { garage } = await signIn(email);
    await post("/saved-cars", { car_id: String(car.id), intent: "add", return_to: "/" }, garage);
    const before = (await mailFor("harbourside", email)).length;
    await importPrice(car, car.price! - 2000);
    await app.services.garage.alerts.idle();
    expect((await mailFor("harbourside", email)).length).toBe(before);
  });
});

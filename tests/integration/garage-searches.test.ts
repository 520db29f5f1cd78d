import { describe, expect, it } from "vitest";
import { GARAGE_MESSAGES } from "~/server/garage/messages";
import { bodyTypeLabel } from "~/server/stock/body-type";
import { isAvailable, isSold } from "~/server/stock/availability";
import { vehicleHref } from "~/server/stock/can-reserve";
import { priceDisplay } from "~/server/stock/price-display";
import type { Vehicle } from "~/server/stock/vehicle";
import { vehicleTitle } from "~/server/stock/vehicle-title";
import { formsAppForFile } from "./forms-harness";
import { garageSteps } from "./garage-harness";
import { viewPage, withSetCookies } from "./visit-beacon";

// Saved searches with their new matches, and compare up to 3 cars (GET, no JavaScript needed).

const HOST = "harbourside.localhost";
const { post, signIn } = garageSteps(() => app, HOST);

const app = formsAppForFile({ SMTP_URL: undefined });

describe("saved searches", () => {
  it("saves the current search by name, shows its new matches, and marks them seen", async () => {
    const signedOut = await app.send(HOST, "/search/used-cars");
    expect(signedOut.body).toContain("Sign in to save this search");
    expect((await app.send("kiwi-motors.localhost", "/search/used-cars")).body).not.toContain("save this search");

    const { garage } = await signIn("searcher@example.com");
    const page = await app.send(HOST, "/search/used-cars", { headers: { cookie: garage } });
    expect(page.body).toContain('data-testid="save-search"');

    const saved = await post("/my-garage", { intent: "save-search", name: "Used Toyotas", url: "/search/used-cars?page=3" }, garage);
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toBe("/my-garage?tab=saved-searches");
    const tab = await app.send(HOST, "/my-garage?tab=saved-searches", { headers: { cookie: garage } });
    expect(tab.body).toContain('href="/search/used-cars"');
    expect(tab.body).toContain("Used Toyotas");
    expect(tab.body).not.toContain('data-testid="new-matches"');

    // Saved long ago: every used car listed since counts as new (one page of the latest: 100+).
    await app.db.db.updateTable("saved_searches").set({ seen_at: 0 }).execute();
    const later = await app.send(HOST, "/my-garage?tab=saved-searches", { headers: { cookie: garage } });
    expect(later.body).toMatch(/data-testid="new-matches">\d+\+? new</);
    const id = (await app.db.db.selectFrom("saved_searches").select("id").executeTakeFirstOrThrow()).id;
    await post("/my-garage", { intent: "seen-search", search_id: String(id) }, garage);
    const seen = await app.send(HOST, "/my-garage?tab=saved-searches", { headers: { cookie: garage } });
    expect(seen.body).not.toContain('data-testid="new-matches"');

    const foreign = await post("/my-garage", { intent: "save-search", name: "Elsewhere", url: "https://evil.example/search" }, garage);
    expect(foreign.status).toBe(400);
    expect(foreign.body).toContain(GARAGE_MESSAGES.searchUrlInvalid);
    const unnamed = await post("/my-garage", { intent: "save-search", name: " ", url: "/search/used-cars" }, garage);
    expect(unnamed.body).toContain(GARAGE_MESSAGES.searchNameMissing);

    await post("/my-garage", { intent: "delete-search", search_id: String(id) }, garage);
    expect((await app.send(HOST, "/my-garage?tab=saved-searches", { headers: { cookie: garage } })).body).toContain(
      "No saved searches yet",
    );
  });
});

describe("compare", () => {
  it("shows up to 3 cars side by side and ignores other sites' ids", async () => {
    const cars = (await app.services.stock.loadVehicles("harbourside")).slice(0, 4);
    const lakeside = (await app.services.stock.loadVehicles("lakeside-auto"))[0]!;
    const two = await app.send(HOST, `/compare?car=${cars[0]!.id}&car=${cars[1]!.id}&car=${lakeside.id}`);
    expect(two.status).toBe(200);
    expect(two.body).toContain(vehicleTitle(cars[0]!));
    expect(two.body).toContain(vehicleTitle(cars[1]!));
    expect(two.body).toContain("Finance per week");
    expect(two.body.match(/<th scope="col"/g)).toHaveLength(2);
    const four = await app.send(HOST, `/compare?${cars.map((car) => `car=${car.id}`).join("&")}`);
    expect(four.body).toContain(GARAGE_MESSAGES.compareTooMany);
    expect(four.body.match(/<th scope="col"/g)).toHaveLength(3);
    expect((await app.send(HOST, "/compare?car=abc")).status).toBe(200);
  });
});

/** The compare table's row for one label: its header cell (with any "Differs" mark) and its values. */
function compareRow(html: string, label: string): { differs: boolean; values: string[] } {
  const row = new RegExp(`<tr[^>]*data-differs="(true|false)"[^>]*><th scope="row"[^>]*>${label}(.*?)</tr>`).exec(html);
  if (!row) throw new Error(`no compare row ${label}`);
  const values = [...row[2]!.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((cell) => cell[1]!);
  return { differs: row[1] === "true" && row[2]!.includes(">Differs</span>"), values };
}

describe("the compare view", () => {
  it("shows photos, prices as the price rule does, specs with their labels, differences marked, and links per car", async () => {
    const site = app.tenant("harbourside").site;
    const listed = (await app.services.stock.loadVehicles("harbourside")).filter((car) => isAvailable(car) && !isSold(car));
    // Three cars with three different body values, one of them stock's raw camel-case or lower-case spelling.
    const picked: Vehicle[] = [];
    for (const car of listed) {
      const body = car.simple_body;
      if (body && body !== bodyTypeLabel(body) && !picked.some((other) => bodyTypeLabel(other.simple_body ?? "") === bodyTypeLabel(body)))
        picked.push(car);
      if (picked.length === 3) break;
    }
    expect(picked).toHaveLength(3);
    const reply = await app.send(HOST, `/compare?${picked.map((car) => `car=${car.id}`).join("&")}`);
    expect(reply.status).toBe(200);
    const html = reply.body;

    for (const label of ["Condition", "Year", "Odometer", "Body type", "Transmission", "Fuel", "Finance per week"]) {
      expect(html).toContain(`<th scope="row"`);
      compareRow(html, label);
    }
    const body = compareRow(html, "Body type");
    expect(body.values).toEqual(picked.map((car) => bodyTypeLabel(car.simple_body!)));
    expect(body.differs).toBe(true);
    for (const car of picked) expect(body.values).not.toContain(car.simple_body);

    const prices = [...html.matchAll(/data-testid="compare-price">([^<]+)</g)].map((match) => match[1]);
    expect(prices).toEqual(picked.map((car) => priceDisplay(car, site).text));
    expect(html.match(/<th scope="col"[^>]*>(<img src="[^"]+"|<div)/g)).toHaveLength(3);

    for (const car of picked) {
      const href = vehicleHref(car, site);
      expect(html).toContain(`href="${href}/enquire"`);
      expect(html).toContain(`aria-label="Enquire about ${vehicleTitle(car)}"`);
      expect(html).toContain(`aria-label="Details of ${vehicleTitle(car)}"`);
    }

    // The same car twice (two ids) differs nowhere.
    const same = await app.send(HOST, `/compare?car=${picked[0]!.id}`);
    expect(same.body).not.toContain(">Differs</span>");
  });

  it("offers 'Back to saved cars' only when the shopper has saved a car", async () => {
    const car = (await app.services.stock.loadVehicles("harbourside")).find((candidate) => isAvailable(candidate) && !isSold(candidate))!;
    const { cookie: visitor } = await viewPage(app.send, HOST, "/");
    const before = await app.send(HOST, `/compare?car=${car.id}`, { headers: { cookie: visitor } });
    expect(before.body).not.toContain("Back to saved cars");
    expect((await app.send(HOST, "/compare", { headers: { cookie: visitor } })).body).toContain(
      "Save cars with the heart on each car, then compare up to 3 of them here.",
    );

    const body = new URLSearchParams({ car_id: String(car.id), intent: "add", return_to: "/compare" }).toString();
    const saved = await app.send(HOST, "/saved-cars", {
      method: "POST",
      body,
      headers: { cookie: visitor, "content-type": "application/x-www-form-urlencoded" },
    });
    expect(saved.status).toBe(303);
    const after = await app.send(HOST, `/compare?car=${car.id}`, { headers: { cookie: withSetCookies(visitor, saved) } });
    expect(after.body).toContain("Back to saved cars");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GARAGE_MESSAGES } from "~/server/garage/messages";
import { vehicleTitle } from "~/server/stock/vehicle-title";
import { startFormsApp, type FormsApp } from "./forms-harness";
import { garageSteps } from "./garage-harness";

// Issue 14 §3: saved searches with their new matches, and compare up to 3 cars (GET, no JavaScript needed).

let app: FormsApp;
const HOST = "harbourside.localhost";
const { post, signIn } = garageSteps(() => app, HOST);

beforeAll(async () => {
  app = await startFormsApp({ SMTP_URL: undefined });
}, 60_000);

afterAll(async () => {
  await app?.close();
});

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

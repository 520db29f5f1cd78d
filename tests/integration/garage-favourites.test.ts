import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GARAGE_MESSAGES } from "~/server/garage/messages";
import { vehicleTitle } from "~/server/stock/vehicle-title";
import type { Vehicle } from "~/server/stock/vehicle";
import { startFormsApp, type FormsApp } from "./forms-harness";
import { viewPage, withSetCookies } from "./visit-beacon";

// Favourites for every shopper, kept server-side under the visitor's opaque id; the
// heart works without JavaScript (POST, 303 back to the card's anchor); /api/auth on every site.

let app: FormsApp;
const HOST = "harbourside.localhost";
let cars: Vehicle[];

beforeAll(async () => {
  app = await startFormsApp();
  cars = (await app.services.stock.loadVehicles("harbourside")).filter((v) => v.status === "in_stock" && v.show_on_dealer_website);
}, 60_000);

afterAll(async () => {
  await app?.close();
});

/** A first page view (its visit beacon sets the visitor cookie); the Cookie header to send next. */
async function newVisitor(host = HOST): Promise<string> {
  const { cookie } = await viewPage(app.send, host, "/");
  expect(cookie).toMatch(/^fc_visitor=/);
  return cookie;
}

function toggle(cookie: string, carId: number, intent: "add" | "remove", returnTo: string, host = HOST) {
  const body = new URLSearchParams({ car_id: String(carId), intent, return_to: returnTo }).toString();
  return app.send(host, "/saved-cars", { method: "POST", body, headers: { cookie, "content-type": "application/x-www-form-urlencoded" } });
}

async function watchlist(cookie: string, host = HOST): Promise<{ user: unknown; watchlist: number[] }> {
  const reply = await app.send(host, "/api/auth", { headers: { cookie } });
  expect(reply.status).toBe(200);
  expect(reply.headers["content-type"]).toContain("application/json");
  return JSON.parse(reply.body) as { user: unknown; watchlist: number[] };
}

describe("the heart without JavaScript", () => {
  it("saves a car, goes back to the card, fills the heart and counts it in the header", async () => {
    const visitor = await newVisitor();
    const car = cars[0]!;
    const title = vehicleTitle(car);
    const search = await app.send(HOST, "/search/used-cars", { headers: { cookie: visitor } });
    expect(search.status).toBe(200);

    const saved = await toggle(visitor, car.id, "add", `/search/used-cars?page=2#save-car-${car.id}`);
    expect(saved.status).toBe(303);
    // A visitor with saved cars gets pages of their own from now on (server/visitor/personal.ts).
    const cookie = withSetCookies(visitor, saved);
    expect(cookie).toContain("fc_personal=1");
    // spec 001 §9: adding records the wishlist event 39 (harbourside logs events), once per car.
    const wishlist = () =>
      app.db.db.selectFrom("events").select(["url", "properties"]).where("tenant", "=", "harbourside").where("event_id", "=", 39).execute();
    expect(await wishlist()).toEqual([
      { url: `/search/used-cars?page=2#save-car-${car.id}`, properties: JSON.stringify({ car_id: car.id }) },
    ]);
    await toggle(cookie, car.id, "add", "/search/used-cars");
    expect(await wishlist()).toHaveLength(1);
    expect(saved.headers.location).toBe(`/search/used-cars?page=2#save-car-${car.id}`);
    expect(await watchlist(cookie)).toEqual({ user: null, watchlist: [car.id] });

    const page = await app.send(HOST, `/cars/${car.slug}`, { headers: { cookie } });
    expect(page.body).toContain(`aria-label="Remove ${title} from saved"`);
    expect(page.body).toMatch(/data-testid="saved-count">1</);

    const list = await app.send(HOST, "/saved-cars", { headers: { cookie } });
    expect(list.status).toBe(200);
    expect(list.body).toContain(title);

    const removed = await toggle(cookie, car.id, "remove", `/cars/${car.slug}#save-car-${car.id}`);
    expect(removed.status).toBe(303);
    expect((await watchlist(cookie)).watchlist).toEqual([]);
    const again = await app.send(HOST, `/cars/${car.slug}`, { headers: { cookie } });
    expect(again.body).toContain(`aria-label="Save ${title}"`);
    expect(again.body).toMatch(/data-testid="saved-count">0</);
  });

  it("keeps each visitor's list apart and ignores another site's car id", async () => {
    const mine = await newVisitor();
    const theirs = await newVisitor();
    await toggle(mine, cars[1]!.id, "add", "/");
    const lakeside = (await app.services.stock.loadVehicles("lakeside-auto"))[0]!;
    const foreign = await toggle(mine, lakeside.id, "add", "/");
    expect(foreign.status).toBe(303);
    expect((await watchlist(mine)).watchlist).toEqual([cars[1]!.id]);
    expect((await watchlist(theirs)).watchlist).toEqual([]);
    // The same visitor on another site has that site's list.
    expect((await watchlist(mine, "lakeside-auto.localhost")).watchlist).toEqual([]);
  });

  it("without return_to goes back to the page it came from, at the card (Referer, this site only)", async () => {
    const cookie = await newVisitor();
    const car = cars[3]!;
    const body = `car_id=${car.id}&intent=add`;
    const headers = { cookie, "content-type": "application/x-www-form-urlencoded" };
    const back = await app.send(HOST, "/saved-cars", {
      method: "POST",
      body,
      headers: { ...headers, referer: `http://${HOST}/search/used-cars?page=2` },
    });
    expect(back.status).toBe(303);
    expect(back.headers.location).toBe(`/search/used-cars?page=2#save-car-${car.id}`);
    const elsewhere = await app.send(HOST, "/saved-cars", {
      method: "POST",
      body,
      headers: { ...headers, referer: "http://evil.example/x" },
    });
    expect(elsewhere.headers.location).toBe("/");
  });

  it("goes back only to a path on this site", async () => {
    const cookie = await newVisitor();
    const reply = await toggle(cookie, cars[2]!.id, "add", "//evil.example/x");
    expect(reply.status).toBe(303);
    expect(reply.headers.location).toBe("/");
  });

  it("refuses a 101st car with the message, with or without JavaScript", async () => {
    const cookie = await newVisitor();
    for (const car of cars.slice(0, 100)) expect((await toggle(cookie, car.id, "add", "/")).status).toBe(303);
    expect((await watchlist(cookie)).watchlist).toHaveLength(100);
    const extra = cars[100]!;
    const refused = await toggle(cookie, extra.id, "add", "/search/used-cars");
    expect(refused.status).toBe(409);
    expect(refused.body).toContain(GARAGE_MESSAGES.favouritesFull);
    const body = new URLSearchParams({ car_id: String(extra.id), intent: "add", return_to: "/" }).toString();
    // As the fetcher sends it (Remix's data request).
    const json = await app.send(HOST, "/saved-cars?js&_data=routes%2Fsaved-cars", {
      method: "POST",
      body,
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    });
    expect(json.status).toBe(409);
    expect(JSON.parse(json.body)).toEqual({ saved: false, count: 100, message: GARAGE_MESSAGES.favouritesFull });
    expect((await watchlist(cookie)).watchlist).not.toContain(extra.id);
  });

  it("answers /api/auth on a site without the garage too", async () => {
    const cookie = await newVisitor("kiwi-motors.localhost");
    expect(await watchlist(cookie, "kiwi-motors.localhost")).toEqual({ user: null, watchlist: [] });
  });
});

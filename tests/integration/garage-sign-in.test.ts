import { viewPage } from "./visit-beacon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GARAGE_MESSAGES } from "~/server/garage/messages";
import type { Vehicle } from "~/server/stock/vehicle";
import { vehicleTitle } from "~/server/stock/vehicle-title";
import { startFormsApp, type FormsApp, type Reply } from "./forms-harness";
import { garageSteps } from "./garage-harness";

// The garage on garage_enabled sites: sign-in by an emailed one-time code (through the
// local mailbox here), DB sessions, anonymous favourites merged, the alternative paths, 404 elsewhere.

let app: FormsApp;
const HOST = "harbourside.localhost";
let cars: Vehicle[];

beforeAll(async () => {
  app = await startFormsApp({ SMTP_URL: undefined });
  cars = (await app.services.stock.loadVehicles("harbourside")).filter((v) => v.status === "in_stock" && v.show_on_dealer_website);
}, 60_000);

afterAll(async () => {
  await app?.close();
});

const { setCookie, post, mailedCode, auth, signIn } = garageSteps(() => app, HOST);

describe("where the garage is", () => {
  it("is at /my-garage on garage sites, at the site's own path with /saved, and 404 elsewhere", async () => {
    expect((await app.send(HOST, "/my-garage?tab=saved-cars")).status).toBe(200);
    expect((await app.send("lakeside-auto.localhost", "/my-garage?tab=saved-cars")).status).toBe(200);
    expect((await app.send("lakeside-auto.localhost", "/mymotorama/saved")).status).toBe(200);
    expect((await app.send("lakeside-auto.localhost", "/mymotorama")).status).toBe(200);
    expect((await app.send("lakeside-auto.localhost", "/mymotorama/other")).status).toBe(404);
    expect((await app.send(HOST, "/mymotorama/saved")).status).toBe(404);
    expect((await app.send("kiwi-motors.localhost", "/my-garage?tab=saved-cars")).status).toBe(404);
    expect((await post("/my-garage", { intent: "request-code", email: "a@example.com" }, "", "kiwi-motors.localhost")).status).toBe(404);
  });

  it("links the header count to the garage's saved cars", async () => {
    expect((await app.send(HOST, "/")).body).toMatch(/href="\/my-garage\?tab=saved-cars"[^>]*data-testid="saved-count-link"/);
    expect((await app.send("lakeside-auto.localhost", "/")).body).toMatch(/href="\/mymotorama\/saved"[^>]*data-testid="saved-count-link"/);
    expect((await app.send("kiwi-motors.localhost", "/")).body).toMatch(/href="\/saved-cars"[^>]*data-testid="saved-count-link"/);
  });
});

describe("signing in with an emailed code", () => {
  it("merges the visitor's saved cars, shows them in the garage and answers /api/auth", async () => {
    const { cookie: visitor } = await viewPage(app.send, HOST, "/");
    const car = cars[0]!;
    await post("/saved-cars", { car_id: String(car.id), intent: "add", return_to: "/" }, visitor);
    const { garage, reply } = await signIn("Shopper.One@Example.com", visitor);
    expect(reply.headers.location).toBe("/my-garage?tab=saved-cars");
    const attributes = [reply.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("fc_garage="))!;
    expect(attributes).toMatch(/HttpOnly/i);
    expect(attributes).toMatch(/SameSite=Lax/i);
    expect(attributes).toMatch(/Max-Age=2592000/);

    const both = `${visitor}; ${garage}`;
    expect(await auth(both)).toEqual({ user: { email: "shopper.one@example.com", name: null }, watchlist: [car.id] });
    const page = await app.send(HOST, "/my-garage?tab=saved-cars", { headers: { cookie: both } });
    expect(page.body).toContain(vehicleTitle(car));
    expect(page.body).toContain("Email me if the price drops or it sells");
    // Signed out, the visitor's own list was emptied into the account.
    expect((await auth(visitor)).watchlist).toEqual([]);
    // A new device signing in to the same account finds the car there.
    const other = await signIn("shopper.one@example.com");
    expect((await auth(other.garage)).watchlist).toEqual([car.id]);
  });

  it("records the login steps (spec 001 §9: 35 email, 36 code, 38 signed in) only when each succeeds", async () => {
    const counts = async () => {
      const rows = await app.db.db
        .selectFrom("events")
        .select("event_id")
        .where("tenant", "=", "harbourside")
        .where("event_id", "in", [35, 36, 37, 38])
        .execute();
      return [35, 36, 37, 38].map((id) => rows.filter((row) => row.event_id === id).length);
    };
    const [s35, s36, s37, s38] = await counts();
    const email = "steps@example.com";
    expect((await post("/my-garage", { intent: "request-code", email })).status).toBe(200);
    expect(await counts()).toEqual([s35 + 1, s36, s37, s38]);
    const code = await mailedCode("harbourside", email);
    expect((await post("/my-garage", { intent: "verify-code", email, code: code === "000000" ? "111111" : "000000" })).status).toBe(400);
    expect(await counts()).toEqual([s35 + 1, s36, s37, s38]);
    expect((await post("/my-garage", { intent: "verify-code", email, code })).status).toBe(303);
    expect(await counts()).toEqual([s35 + 1, s36 + 1, s37, s38 + 1]);
  });

  it("counts wrong codes, refuses reused and expired ones, and stops after 5 attempts", async () => {
    const email = "codes@example.com";
    await post("/my-garage", { intent: "request-code", email });
    const code = await mailedCode("harbourside", email);
    const wrong = code === "000000" ? "111111" : "000000";
    const first = await post("/my-garage", { intent: "verify-code", email, code: wrong });
    expect(first.status).toBe(400);
    expect(first.body).toContain(GARAGE_MESSAGES.codeWrong(4));
    expect((await post("/my-garage", { intent: "verify-code", email, code: "12ab" })).body).toContain(GARAGE_MESSAGES.codeInvalidFormat);
    const ok = await post("/my-garage", { intent: "verify-code", email, code });
    expect(ok.status).toBe(303);
    const reused = await post("/my-garage", { intent: "verify-code", email, code });
    expect(reused.status).toBe(400);
    expect(reused.body).toContain(GARAGE_MESSAGES.codeUsedUp);

    const locked = "locked@example.com";
    await post("/my-garage", { intent: "request-code", email: locked });
    const right = await mailedCode("harbourside", locked);
    const bad = right === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i += 1) await post("/my-garage", { intent: "verify-code", email: locked, code: bad });
    const after = await post("/my-garage", { intent: "verify-code", email: locked, code: right });
    expect(after.status).toBe(400);
    expect(after.body).toContain(GARAGE_MESSAGES.codeUsedUp);

    const late = "late@example.com";
    await post("/my-garage", { intent: "request-code", email: late });
    const lateCode = await mailedCode("harbourside", late);
    await app.db.db
      .updateTable("garage_codes")
      .set({ expires_at: Date.now() - 1 })
      .where("email", "=", late)
      .execute();
    expect((await post("/my-garage", { intent: "verify-code", email: late, code: lateCode })).body).toContain(GARAGE_MESSAGES.codeExpired);
  });

  it("rate-limits codes per email", async () => {
    const email = "many@example.com";
    let last: Reply | null = null;
    for (let i = 0; i < 11; i += 1) last = await post("/my-garage", { intent: "request-code", email });
    expect(last!.status).toBe(429);
    expect(last!.body).toContain("Too many sign-in attempts. Try again in");
  });

  it("rate-limits codes per client address", async () => {
    let last: Reply | null = null;
    for (let i = 0; i < 31; i += 1)
      last = await post("/my-garage", { intent: "request-code", email: `ip${i}@example.com` }, "", HOST, "10.99.0.1");
    expect(last!.status).toBe(429);
  });

  it("signs out, signs out everywhere, and treats a tampered cookie as signed out", async () => {
    const a = await signIn("devices@example.com");
    const b = await signIn("devices@example.com");
    expect((await auth(a.garage)).user?.email).toBe("devices@example.com");
    const tampered = a.garage.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    const reply = await app.send(HOST, "/api/auth", { headers: { cookie: tampered } });
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toEqual({ user: null, watchlist: [] });

    const out = await post("/my-garage", { intent: "sign-out" }, a.garage);
    expect(out.status).toBe(303);
    expect(setCookie(out, "fc_garage")).toBe("fc_garage=");
    expect((await auth(a.garage)).user).toBeNull();
    expect((await auth(b.garage)).user).not.toBeNull();

    const c = await signIn("devices@example.com");
    await post("/my-garage", { intent: "sign-out-everywhere" }, c.garage);
    expect((await auth(b.garage)).user).toBeNull();
    expect((await auth(c.garage)).user).toBeNull();
  });

  it("signs in at the alternative path and lands on its saved cars", async () => {
    const { reply, garage } = await signIn("alt@example.com", "", "/mymotorama", "lakeside-auto.localhost");
    expect(reply.headers.location).toBe("/mymotorama/saved");
    expect((await auth(garage, "lakeside-auto.localhost")).user?.email).toBe("alt@example.com");
    // A session is good on its own site only.
    expect((await auth(garage)).user).toBeNull();
  });
});

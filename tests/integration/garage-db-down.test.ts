import { describe, expect, it } from "vitest";
import { GARAGE_MESSAGES } from "~/server/garage/messages";
import { unreachableDb } from "./support/test-db";
import { html, formsAppForFile } from "./forms-harness";

// spec 000 §4, §8: a garage load failure is logged and loading ends; the page still works.

const app = formsAppForFile({}, () => ({ db: unreachableDb() }));

describe("the garage with the database gone", () => {
  it("pages still render (count 0), the garage says so, and the heart and sign-in answer 503 with a message", async () => {
    const page = await app.send("harbourside.localhost", "/contact");
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/data-testid="saved-count">0</);
    const garage = await app.send("harbourside.localhost", "/my-garage?tab=saved-cars");
    expect(garage.status).toBe(200);
    expect(garage.body).toContain("We couldn&#x27;t load your garage just now");
    const auth = await app.send("harbourside.localhost", "/api/auth");
    expect(auth.status).toBe(503);
    expect(JSON.parse(auth.body)).toEqual({ error: "The garage is unavailable right now." });
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const save = await app.send("harbourside.localhost", "/saved-cars?js&_data=routes%2Fsaved-cars", {
      method: "POST",
      body: "car_id=1&intent=add",
      headers: form,
    });
    expect(save.status).toBe(503);
    expect(JSON.parse(save.body)).toMatchObject({ message: GARAGE_MESSAGES.unavailable });
    const code = await app.send("harbourside.localhost", "/my-garage", {
      method: "POST",
      body: "intent=request-code&email=a%40example.com",
      headers: form,
    });
    expect(code.status).toBe(503);
    expect(code.body).toContain(html(GARAGE_MESSAGES.unavailable));
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../server/leads/messages";
import { html, startFormsApp, validFields, type FormsApp } from "./forms-harness";

let app: FormsApp;
let saved: string | undefined;

beforeAll(async () => {
  app = await startFormsApp();
  // The app's getDb() reads this on its first use: a port where nothing listens.
  saved = process.env.DATABASE_URL;
  process.env.DATABASE_URL = "postgres://postgres@127.0.0.1:1/forecourt_down";
});

afterAll(async () => {
  if (saved === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = saved;
  await app?.close();
});

describe("a database that cannot be reached", () => {
  it("the form answers 503 with the spec's text, keeps what was typed, and the API answers 503 {error}", async () => {
    const fields = validFields("general", app.tenant("kiwi-motors"));
    const reply = await app.postForm("kiwi-motors.localhost", "/contact", fields);
    expect(reply.status).toBe(503);
    expect(reply.body).toContain(`data-testid="form-error">${html(MESSAGES.submitError)}<`);
    expect(reply.body).toContain('value="Jane Citizen"');
    const api = await app.send("kiwi-motors.localhost", "/api/leads", {
      method: "POST",
      body: JSON.stringify({ lead: { category: "General Enquiry", ...fields } }),
      headers: { "content-type": "application/json" },
    });
    expect(api.status).toBe(503);
    expect(JSON.parse(api.body)).toEqual({ error: MESSAGES.submitError });
    expect(await app.leadCount()).toBe(0);
  });
});

import { describe, expect, it } from "vitest";
import { MESSAGES } from "~/server/leads/messages";
import { unreachableDb } from "./support/test-db";
import { html, formsAppForFile, validFields } from "./forms-harness";

const app = formsAppForFile({}, () => ({ db: unreachableDb() }));

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
      headers: { "content-type": "application/json", origin: "http://kiwi-motors.localhost" },
    });
    expect(api.status).toBe(503);
    expect(JSON.parse(api.body)).toEqual({ error: MESSAGES.submitError });
    expect(await app.leadCount()).toBe(0);
  });
});

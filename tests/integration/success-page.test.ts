import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { html, startFormsApp, validFields, type FormsApp } from "./forms-harness";

let app: FormsApp;
const HOST = "harbourside.localhost";

beforeAll(async () => {
  app = await startFormsApp();
});

afterAll(async () => {
  await app?.close();
});

describe("/success after a general enquiry", () => {
  it("names the enquiry type the shopper chose: Used Vehicle → 'Used Vehicle Enquiry'", async () => {
    const fields = { ...validFields("general", app.tenant("harbourside")), category: "Used Vehicle" };
    const reply = await app.postForm(HOST, "/contact", fields);
    expect(reply.status).toBe(303);
    expect(reply.headers.location).toBe("/success?category=used-vehicle-enquiry");
    const page = await app.send(HOST, reply.headers.location ?? "");
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<strong>${html("Used Vehicle Enquiry")}</strong>`);
    expect(page.body).not.toContain("New Vehicle Enquiry");
  });
});

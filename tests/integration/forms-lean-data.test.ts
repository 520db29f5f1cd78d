import { describe, expect, it } from "vitest";
import { formsAppForFile } from "./forms-harness";

const app = formsAppForFile();

// A single-step form page sends the browser plain field data: no site object, no schema.
describe("form page loader data", () => {
  it("/contact carries the fields and their HTML constraints, and nothing of the site's configuration", async () => {
    const reply = await app.send("harbourside.localhost", "/contact?_data=routes%2Fcontact");
    expect(reply.status).toBe(200);
    // Beside the form, the page lists the locations (name, address, phone, map link, hours);
    // And carries the dealer's JSON-LD and share card.
    const data = JSON.parse(reply.body) as { view: Record<string, unknown>; locations: Array<Record<string, unknown>> };
    expect(Object.keys(data).sort()).toEqual(["dealerJsonLd", "locale", "locations", "share", "view"]);
    expect(Object.keys(data.locations[0] ?? {}).sort()).toEqual(["address", "hours", "id", "manufacturers", "mapUrl", "name", "phone"]);
    const { view } = data;
    const viewJson = JSON.stringify(view);
    expect(Object.keys(view).sort()).toEqual([
      "captcha",
      "car",
      "constraint",
      "defaultValue",
      "detailsStored",
      "fields",
      "fillToken",
      "forgetCarHref",
      "honeypot",
      "kind",
      "submitLabel",
    ]);
    expect(view.constraint).toMatchObject({ email: { required: true }, phone: { required: true } });
    for (const configOnly of ["navigation", "opening_hours", "dealership_websites", "payment_processors", "theme"])
      expect(reply.body).not.toContain(configOnly);
    // 12.7 KB before, of which 10.8 KB was the site.
    expect(viewJson.length).toBeLessThan(4_000);
  });

  it("a multi-step step page sends constraints, not a schema to rebuild", async () => {
    const reply = await app.send("harbourside.localhost", "/finance/apply?_data=routes%2Ffinance_.apply");
    expect(reply.status).toBe(200);
    expect(reply.body).toContain('"constraint"');
    expect(reply.body).not.toContain("opening_hours");
  });
});

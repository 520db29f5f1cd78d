import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formsAppForFile } from "./forms-harness";

const app = formsAppForFile();

// What a form page sends the browser to hydrate: the fields and their HTML constraints, the locations listed beside the
// form, and nothing of the site's configuration (the whole site object was 10.8 KB of the 12.7 KB a form page carried).
// The test checks what leaks and what it weighs, not the names of the keys, so a field the page needs can be added.
const CONFIG_ONLY = ["navigation", "opening_hours", "dealership_websites", "search_filters", "lead_api_key_env", "theme", "experiments"];
const siteFile = readFileSync("tenants/harbourside/site.json", "utf8");

describe("form page loader data", () => {
  it("the site's configuration holds each of those keys (so their absence below means something)", () => {
    for (const configOnly of CONFIG_ONLY) expect(siteFile).toContain(`"${configOnly}"`);
  });

  it("/contact carries the fields and their HTML constraints, and nothing of the site's configuration", async () => {
    const reply = await app.send("harbourside.localhost", "/contact?_data=routes%2Fcontact");
    expect(reply.status).toBe(200);
    for (const configOnly of CONFIG_ONLY) expect(reply.body).not.toContain(configOnly);
    const data = JSON.parse(reply.body) as { view: { constraint: unknown; fields: unknown } };
    expect(data.view.constraint).toMatchObject({ email: { required: true }, phone: { required: true } });
    expect(JSON.stringify(data.view).length).toBeLessThan(4_000);
    // The whole route's data (with the five locations' hours, the dealer's JSON-LD and share card) is 14.9 KB; the site
    // object would add 10.8 KB.
    expect(reply.body.length).toBeLessThan(16_000);
  });

  it("a multi-step step page sends constraints, not a schema to rebuild", async () => {
    const reply = await app.send("harbourside.localhost", "/finance/apply?_data=routes%2Ffinance_.apply");
    expect(reply.status).toBe(200);
    expect(reply.body).toContain('"constraint"');
    for (const configOnly of CONFIG_ONLY) expect(reply.body).not.toContain(configOnly);
  });
});

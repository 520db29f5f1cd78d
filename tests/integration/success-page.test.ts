import { describe, expect, it } from "vitest";
import { isListed } from "~/server/stock/is-listed";
import { html, formsAppForFile, validFields, type Reply } from "./forms-harness";

const HOST = "harbourside.localhost";

const app = formsAppForFile();

/** The cookies a reply set, as a browser sends them back. */
function cookiesOf(reply: Reply): string {
  return [reply.headers["set-cookie"] ?? []]
    .flat()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

describe("/success after a general enquiry", () => {
  it("names the enquiry type the shopper chose: Used Vehicle → 'Used Vehicle Enquiry'", async () => {
    const fields = { ...validFields("general", app.tenant("harbourside")), category: "Used Vehicle" };
    const reply = await app.postForm(HOST, "/contact", fields);
    expect(reply.status).toBe(303);
    expect(reply.headers.location).toBe("/success?category=used-vehicle-enquiry");
    const page = await app.send(HOST, reply.headers.location ?? "", { headers: { cookie: cookiesOf(reply) } });
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<strong>${html("Used Vehicle Enquiry")}</strong>`);
    expect(page.body).not.toContain("New Vehicle Enquiry");
  });
});

describe("/success says what happens next", () => {
  it("names the car, the location that answers with its hours, and the enquiry type", async () => {
    const tenant = app.tenant("harbourside");
    const vehicle = (await app.services.stock.loadVehicles("harbourside")).find(
      (v) => v.status === "in_stock" && isListed(v, tenant.site, Date.now()),
    )!;
    const location = tenant.site.locations.find((l) => l.visible && l.location_type === "service")!;
    const fields = { ...validFields("vehicle", tenant), location: String(location.id) };
    const reply = await app.postForm(HOST, `/cars/${vehicle.slug}/enquire`, fields);
    expect(reply.status).toBe(303);
    const page = await app.send(HOST, reply.headers.location ?? "", { headers: { cookie: cookiesOf(reply) } });
    expect(page.status).toBe(200);
    expect(page.body).toContain(`href="/cars/${vehicle.slug}"`);
    expect(page.body).toMatch(/data-testid="success-car"/);
    expect(page.body).toContain("What happens next");
    expect(page.body).toContain(html(`The ${location.name} team will read your`));
    expect(page.body).toContain(html(location.address.full));
    const open = location.contact_detail.opening_hours.find((h) => h.status === "Open")!;
    expect(page.body).toContain(html(open.formated_hours));
  });

  it("opened with no enquiry behind it, sends the visitor home instead of thanking them", async () => {
    for (const path of ["/success", "/success?category=general-enquiry"]) {
      const reply = await app.send(HOST, path);
      expect(reply.status, path).toBe(303);
      expect(reply.headers.location).toBe("/");
      expect(reply.body).not.toContain("Thank you");
    }
  });
});

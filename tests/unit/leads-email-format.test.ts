import { describe, expect, it } from "vitest";
import { destinationsOf, tenantsWithoutDestination } from "~/server/leads/delivery/destinations";
import { readHeaders } from "~/server/leads/delivery/local-mailbox";
import { messageIdFor } from "~/server/leads/delivery/mailer";
import { notificationAddress, notificationEmail, notificationSubject } from "~/server/leads/delivery/notification";
import { formatAge, formatDeliveryStatus } from "~/server/leads/delivery/status";
import { makeTenant } from "../fixtures/leads-tenant";

function tenantWithInboxes() {
  const tenant = makeTenant({ slug: "inboxes", leads: { email: { sales_inbox: "sales@site.example" } } });
  tenant.site.locations[0].contact_detail.email = "first@site.example";
  tenant.site.locations[1].contact_detail.email = null;
  tenant.site.dealerships[0].email = "dealer@site.example";
  return tenant;
}

/** Sam's enquiry about a used car, with the given extra fields. */
function usedCarLead(make: string, model: string, fields: Record<string, string | number> = {}) {
  return { category: "Used Vehicle Enquiry", name: "Sam", "Vehicle Make": make, "Vehicle Model": model, ...fields };
}

describe("lead email destinations", () => {
  it("adds the ADF email and the notification when site.json names their addresses", () => {
    expect(destinationsOf(makeTenant({ leads: { email: { crm_intake: "crm@x.example", sales_inbox: "s@x.example" } } }))).toEqual([
      "adf_email",
      "notification",
    ]);
    expect(destinationsOf(makeTenant())).toEqual([]);
  });

  it("names the tenants whose leads would reach no one", () => {
    const silent = makeTenant({ slug: "silent" });
    const webhook = makeTenant({ slug: "hooked", leads: { webhook: { url: "https://crm.example/in", secret_env: "S" } } });
    expect(tenantsWithoutDestination([silent, webhook])).toEqual(["silent"]);
  });
});

describe("notification routing and subject", () => {
  it("goes to the chosen location, else the dealership, else the site's sales inbox", () => {
    const tenant = tenantWithInboxes();
    expect(notificationAddress({ location_id: 11, dealership_slug: "dealer-1" }, tenant)).toBe("first@site.example");
    expect(notificationAddress({ location_id: 12, dealership_slug: "dealer-1" }, tenant)).toBe("dealer@site.example");
    expect(notificationAddress({ location_id: null, dealership_slug: "other" }, tenant)).toBe("sales@site.example");
  });

  it("reads {category}: {name} — {car or site}", () => {
    const tenant = tenantWithInboxes();
    const car = {
      category: "New Vehicle Enquiry",
      name: "Mary-Jane O'Brien",
      "Vehicle Year": "2024",
      "Vehicle Make": "Mazda",
      "Vehicle Model": "CX-5",
    };
    expect(notificationSubject(car, tenant)).toBe("New Vehicle Enquiry: Mary-Jane O'Brien — 2024 Mazda CX-5");
    expect(notificationSubject({ category: "Service Enquiry", name: "Sam" }, tenant)).toBe(`Service Enquiry: Sam — ${tenant.site.name}`);
    // A lead posted to /api/leads: the first name in `name`, the last in `last_name`.
    expect(notificationSubject({ category: "Service Enquiry", name: "Jane", last_name: "Citizen" }, tenant)).toBe(
      `Service Enquiry: Jane Citizen — ${tenant.site.name}`,
    );
  });

  it("says a partial multi-step lead is incomplete, and at which step, in the subject and the body", () => {
    const tenant = tenantWithInboxes();
    const partial = { category: "Trade-In Enquiry", name: "Sam", lead_status: "Incomplete", step_number: 1 };
    expect(notificationSubject(partial, tenant)).toBe(`Trade-In Enquiry: Sam — ${tenant.site.name} [Incomplete (saved at step 1)]`);
    expect(notificationEmail(partial, "lead-1", tenant)?.text).toContain("  Status: Incomplete (saved at step 1)\n");
    const complete = { ...partial, lead_status: "Complete", step_number: 3 };
    expect(notificationSubject(complete, tenant)).toBe(`Trade-In Enquiry: Sam — ${tenant.site.name}`);
    expect(notificationEmail(complete, "lead-1", tenant)?.text).not.toContain("Status:");
  });

  it("quotes no price for an 'Enquire for price.' car and escapes the HTML", () => {
    const tenant = tenantWithInboxes();
    const email = notificationEmail(
      usedCarLead("Ford", "Ranger", { price: 0, message: "<b>hi</b>", email: "sam@example.com" }),
      "lead-1",
      tenant,
    );
    expect(email?.text).toContain("Car: Ford Ranger");
    expect(email?.text).not.toContain("Price shown");
    expect(email?.html).toContain("&lt;b&gt;hi&lt;/b&gt;");
    expect(email?.html).not.toContain("<b>hi</b>");
    expect(email?.replyTo).toBe("sam@example.com");
  });

  it("names the car's registration when the dealer's feed gave one", () => {
    const tenant = tenantWithInboxes();
    const lead = usedCarLead("Toyota", "HiLux", { stock_number: "SU1042" });
    const email = notificationEmail({ ...lead, vehicle_registration: "BX52KL (VIC)" }, "lead-2", tenant);
    expect(email?.text).toContain("  Stock number: SU1042\n  Rego: BX52KL (VIC)");
    expect(email?.html).toContain("BX52KL (VIC)");
    expect(notificationEmail(lead, "lead-3", tenant)?.text).not.toContain("Rego");
  });
});

describe("mail plumbing", () => {
  it("derives one Message-ID per idempotency key", () => {
    expect(messageIdFor("abc-123:v2:adf_email")).toBe("<abc-123.v2.adf_email@forecourt>");
  });

  it("reads folded, RFC 2047 encoded headers of a stored message", () => {
    const raw =
      "To: sales@site.example\nSubject: =?UTF-8?Q?General_Enquiry=3A_Sam_=E2=80=94?=\n =?UTF-8?Q?_Harbourside?=\nDate: Mon, 01 Jun 2026 09:00:00 +0000\n\nbody";
    const headers = readHeaders(raw);
    expect(headers.get("subject")).toBe("General Enquiry: Sam — Harbourside");
    expect(headers.get("to")).toBe("sales@site.example");
  });

  it("formats waiting times and the status table", () => {
    expect([formatAge(45_000), formatAge(12 * 60_000), formatAge(185 * 60_000), formatAge(52 * 3_600_000)]).toEqual([
      "45 s",
      "12 min",
      "3 h 5 min",
      "2 d 4 h",
    ]);
    const text = formatDeliveryStatus({
      tenant: "inboxes",
      destinations: [{ destination: "notification", pending: 1, delivered: 3, undeliverable: 0 }],
      oldest_pending_ms: 90_000,
      undeliverable: [],
    });
    expect(text).toBe(
      "Lead delivery for inboxes\ndestination   pending  delivered  undeliverable\nnotification        1          3              0\nOldest pending: 1 min\n",
    );
  });
});

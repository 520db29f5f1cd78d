import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import { clientFormSchema } from "../../app/lib/forms/client-schema";
import { formSchema } from "../../server/leads/forms";
import { FORM_KINDS } from "../../server/leads/form-kinds";
import { browserFormSite } from "../../server/leads-http/browser-tenant";
import { categoryNameForSlug } from "../../server/leads-http/success";
import { makeTenant } from "../fixtures/leads-tenant";

const tenant = makeTenant({
  phoneRegion: "au-mobile",
  form: { last_name: true, postcode: true },
  dealerships: 2,
  leads: { webhook: { url: "https://crm.example/hook", secret_env: "HOOK_SECRET" }, adf: { url: "https://crm.example/adf" } },
});

describe("browserFormSite", () => {
  it("blanks delivery targets and secrets and survives JSON and siteSchema", () => {
    const site = browserFormSite(tenant);
    const text = JSON.stringify(site);
    expect(text).not.toContain("crm.example");
    expect(text).not.toContain("HOOK_SECRET");
    expect(site.leads.webhook).toBeNull();
    expect(() => clientFormSchema({ kind: "general", tenantSlug: tenant.slug, site: JSON.parse(text), formOptions: {} })).not.toThrow();
  });
});

describe("the browser's schema is the server's (one schema, both sides)", () => {
  const entries: [string, string][] = [
    ["name", "Jane 2"],
    ["last_name", ""],
    ["email", "jane@example"],
    ["phone", "02 9000 0000"],
    ["postcode", "123"],
    ["location", "11"],
  ];
  for (const kind of FORM_KINDS) {
    it(`${kind}: the same errors for the same input`, () => {
      const formData = new FormData();
      for (const [name, value] of entries) formData.append(name, value);
      const site = JSON.parse(JSON.stringify(browserFormSite(tenant))) as unknown;
      const browser = parseWithZod(formData, { schema: clientFormSchema({ kind, tenantSlug: tenant.slug, site, formOptions: {} }) });
      const server = parseWithZod(formData, { schema: formSchema(kind, tenant) });
      expect(browser.reply().error).toEqual(server.reply().error);
      expect(server.status).toBe("error");
    });
  }
});

describe("categoryNameForSlug", () => {
  it("names the success page's category from our own list, never the raw query", () => {
    expect(categoryNameForSlug("used-vehicle-enquiry")).toBe("Used Vehicle Enquiry");
    expect(categoryNameForSlug("general-enquiry")).toBe("General Enquiry");
    expect(categoryNameForSlug("trade-in-enquiry")).toBe("Trade-In Enquiry");
    expect(categoryNameForSlug("<script>")).toBeNull();
  });
});

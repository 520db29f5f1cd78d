import { describe, expect, it } from "vitest";
import { misconfiguredTargets, submissionTarget } from "~/server/leads/submission-target";
import { featuresSchema } from "~/server/tenants/schema";
import { makeTenant } from "../fixtures/leads-tenant";

describe("submission target by name (spec 001 §7)", () => {
  it("is 'server' unless the tenant's form config names another for the form kind", () => {
    const tenant = makeTenant({ form: { targets: { finance: "car-clarity" } } });
    expect(submissionTarget(tenant, "finance")).toBe("car-clarity");
    expect(submissionTarget(tenant, "general")).toBe("server");
    expect(submissionTarget(makeTenant(), "finance")).toBe("server");
  });

  it("names for a start warning a key that is no form kind and car-clarity without its partners entry", () => {
    const tenant = makeTenant({ form: { targets: { finance: "car-clarity", "finance-form": "server", trade: "car-clarity" } } });
    expect(misconfiguredTargets(tenant)).toEqual([
      "finance names car-clarity but partners.car_clarity is not set",
      "finance-form is not a form kind",
      "trade is not a form kind",
    ]);
    tenant.site.partners.car_clarity = { base_url: "https://partner.example", key_env: "CC_KEY" };
    expect(misconfiguredTargets(tenant)).toEqual(["finance-form is not a form kind", "trade is not a form kind"]);
  });

  it("accepts only the two names in site.json", () => {
    expect(featuresSchema.safeParse({ form: { targets: { finance: "partner" } } }).success).toBe(false);
    expect(featuresSchema.parse({}).form.targets).toEqual({});
  });
});

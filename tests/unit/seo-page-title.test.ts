import { describe, expect, it } from "vitest";
import { brandPageDescription, formPageDescription, pageTitle, placeName } from "~/server/seo/page-title";

describe("page titles and descriptions", () => {
  it("end an indexable page's title with ' | {site}', once", () => {
    expect(pageTitle("Contact Us", "Harbourside Motor Group")).toBe("Contact Us | Harbourside Motor Group");
    expect(pageTitle("Contact Us | Harbourside Motor Group", "Harbourside Motor Group")).toBe("Contact Us | Harbourside Motor Group");
  });

  it("describe a form page by what it is for, with the dealer and its city", () => {
    const site = { name: "Kiwi Motors", city: "Auckland" };
    expect(formPageDescription("Contact Us", site)).toBe(
      "Send us a message, call us or find our opening hours and locations: Kiwi Motors, Auckland.",
    );
    expect(formPageDescription("Careers", site)).toBe("See what roles are open and send us your details: Kiwi Motors, Auckland.");
    expect(brandPageDescription("Jeep", site)).toBe(
      "The Jeep range at Kiwi Motors in Auckland: models, specifications and the stock we have now.",
    );
  });

  it("name the place once where city and region share a name", () => {
    expect(placeName("Auckland", "Auckland")).toBe("Auckland");
    expect(placeName("Newcastle", "NSW")).toBe("Newcastle, NSW");
  });
});

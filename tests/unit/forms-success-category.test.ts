import { describe, expect, it } from "vitest";
import { categoryNameForSlug } from "~/server/handlers/leads/success";

describe("categoryNameForSlug", () => {
  it("names the success page's category from our own list, never the raw query", () => {
    expect(categoryNameForSlug("used-vehicle-enquiry")).toBe("Used Vehicle Enquiry");
    expect(categoryNameForSlug("general-enquiry")).toBe("General Enquiry");
    expect(categoryNameForSlug("trade-in-enquiry")).toBe("Trade-In Enquiry");
    expect(categoryNameForSlug("<script>")).toBeNull();
  });
});

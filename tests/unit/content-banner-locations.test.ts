import { describe, expect, it } from "vitest";
import { bannerLocations } from "~/server/content/banner-locations";
import { makeTenant } from "../fixtures/tenant";

describe("banner locations dropdown (spec 001 §2)", () => {
  it("lists each location's address plus phone, linking to /contact", () => {
    const { site } = makeTenant();
    expect(bannerLocations(site)).toEqual([{ id: 11, place: "1 Main St, Newcastle", phone: "02 9000 0000", href: "/contact" }]);
  });

  it("links to tel: on a site whose location links call (contact_links_to_tel)", () => {
    const { site } = makeTenant({ features: { contact_links_to_tel: true } });
    expect(bannerLocations(site)[0]?.href).toBe("tel:0290000000");
  });

  it("shows the city when the location has no street", () => {
    const base = makeTenant().site;
    const location = { ...base.locations[0]!, address: { ...base.locations[0]!.address, street: " " } };
    expect(bannerLocations({ ...base, locations: [location] })[0]?.place).toBe("Newcastle");
  });
});

import { describe, expect, it } from "vitest";
import { preselectedLocation } from "~/server/leads/form-defaults";
import { formFields } from "~/server/leads/forms";
import type { Location } from "~/server/tenants/schema";
import { makeLocation, makeTenant } from "../fixtures/tenant";

const location = (id: number, type: Location["location_type"], position: number, street?: string) =>
  makeLocation(id, type, position, { phone: "02 9000 0000", street });

// Service (1) shares the sales yard's phone and street (3): the same place, listed once as sales.
const locations = [location(1, "service", 1, "3 Main St"), location(2, "parts", 1), location(3, "sales", 2), location(4, "sales", 1)];

describe("the forms' Location select", () => {
  it("lists each place once, sales then service then parts, like the locations page", () => {
    const tenant = makeTenant({ locations });
    const select = formFields("general", tenant).find((field) => field.name === "location");
    expect(select?.options?.map((option) => option.label)).toEqual(["Location 4", "Location 3", "Location 2"]);
  });
});

describe("preselectedLocation (the enquiry preselects the car's location)", () => {
  it("is the car's own location", () => {
    expect(preselectedLocation(locations, { location_id: 2 })).toBe("2");
    expect(preselectedLocation(locations, { location_id: 4 })).toBe("4");
  });

  it("is the entry the form keeps when the car's location is the same place listed twice", () => {
    expect(preselectedLocation(locations, { location_id: 1 })).toBe("3");
  });

  it("is nothing when the car's location is not the site's", () => {
    expect(preselectedLocation(locations, { location_id: 99 })).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import type { SearchState } from "~/server/search/state";
import { searchTitle, vehicleNoun } from "~/server/search/titles";
import { parseSearchUrl } from "~/server/search/url";
import { makeTenant } from "../fixtures/tenant";

const tenant = makeTenant({ city: "Newcastle", state: "NSW" });

function title(path: string, t = tenant): string {
  const result = parseSearchUrl(new URL(path, "https://example.test"), t, { models: ["HiLux"] });
  if (!result.ok) throw new Error(path);
  const state: SearchState = result.state;
  return searchTitle(state, t);
}

describe("search titles", () => {
  it("uses the spec's 7-seater title with the site's city and state", () => {
    expect(title("/search/7-seater-cars")).toBe("7 Seater Cars for Sale in Newcastle, NSW");
    expect(title("/search/7-seater-cars", makeTenant({ city: "Perth", state: "WA" }))).toBe("7 Seater Cars for Sale in Perth, WA");
  });

  it("names the preset categories", () => {
    expect(title("/search/subscription-cars")).toBe("Subscription Cars in Newcastle, NSW");
    expect(title("/search/trucks")).toBe("Trucks for Sale in Newcastle, NSW");
    expect(title("/search/rental-cars")).toBe("Rental Cars in Newcastle, NSW");
  });

  it.each([
    ["/search/new-used-and-demo-cars", "Cars for Sale in Newcastle, NSW"],
    ["/search/used-cars", "Used Cars for Sale in Newcastle, NSW"],
    ["/search/new-and-demo-cars", "New and Demo Cars for Sale in Newcastle, NSW"],
    ["/search/toyota", "Toyota Cars for Sale in Newcastle, NSW"],
    ["/search/toyota/hilux?refinementList[car_type][0]=used", "Used Toyota HiLux for Sale in Newcastle, NSW"],
    ["/search/suv", "SUVs for Sale in Newcastle, NSW"],
    ["/search/bus", "Buses for Sale in Newcastle, NSW"],
    ["/search/hatch", "Hatches for Sale in Newcastle, NSW"],
    ["/search/cabchassis", "Cab Chassis for Sale in Newcastle, NSW"],
    ["/search/peoplemover", "People Movers for Sale in Newcastle, NSW"],
    ["/search/stationwagon", "Wagons for Sale in Newcastle, NSW"],
  ])("%s is titled %j", (path, expected) => {
    expect(title(path)).toBe(expected);
  });

  it("names the template's vehicles", () => {
    expect(title("/search/motorcycles", makeTenant({ template: "motorcycle", city: "Newcastle", state: "NSW" }))).toBe(
      "Motorcycles for Sale in Newcastle, NSW",
    );
  });
});

describe("vehicle noun for 'Show Me {count} {vehicle noun}'", () => {
  it.each([
    ["car", 1, "car"],
    ["car", 0, "cars"],
    ["car", 2, "cars"],
    ["motorcycle", 1, "motorcycle"],
    ["motorcycle", 14, "motorcycles"],
    ["camper", 3, "campers"],
    ["4x4", 1, "4x4"],
    ["4x4", 30, "4x4s"],
    ["truck", 2, "trucks"],
  ] as const)("%s × %i is %s", (template, count, noun) => {
    expect(vehicleNoun(makeTenant({ template }), count)).toBe(noun);
  });
});

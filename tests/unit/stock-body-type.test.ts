import { describe, expect, it } from "vitest";
import { bodyTypeLabel, bodyTypePlural, bodyTypes } from "~/server/stock/body-type";
import { cardChips } from "~/server/stock/card-chips";
import { campers, cars, fourByFours, motorcycles } from "~/scripts/lib/vehicle-catalogue";
import { makeTenant } from "../fixtures/tenant";
import { vehiclePage } from "../fixtures/vehicle-page";
import { makeVehicle } from "../fixtures/vehicles";
import { itMaps } from "../fixtures/table-tests";
import { logger } from "~/server/lib/logger";

const LABELS: ReadonlyArray<[string, string]> = [
  ["4x4", "4x4"],
  ["bus", "Bus"],
  ["cabChassis", "Cab Chassis"],
  ["convertible", "Convertible"],
  ["coupe", "Coupe"],
  ["hardtop", "Hardtop"],
  ["hatch", "Hatch"],
  ["hatchback", "Hatch"],
  ["motorhome", "Motorhome"],
  ["lightTruck", "Light Truck"],
  ["peopleMover", "People Mover"],
  ["sedan", "Sedan"],
  ["softtop", "Softtop"],
  ["suv", "SUV"],
  ["ute", "Ute"],
  ["van", "Van"],
  ["wagon", "Wagon"],
  ["stationWagon", "Wagon"],
  ["naked", "Naked"],
  ["sport", "Sport"],
  ["cruiser", "Cruiser"],
  ["adventure", "Adventure"],
  ["touring", "Touring"],
  ["motocross", "Motocross"],
  ["scooter", "Scooter"],
  ["caravan", "Caravan"],
  ["camperTrailer", "Camper Trailer"],
];

describe("bodyTypeLabel: every body value reads as words", () => {
  it.each(LABELS)("%s → %s", (value, label) => {
    expect(bodyTypeLabel(value)).toBe(label);
  });

  it("reads feed spellings of the same body the same way, and a label stays itself", () => {
    expect(bodyTypeLabel("SUV")).toBe("SUV");
    expect(bodyTypeLabel("Cab Chassis")).toBe("Cab Chassis");
    expect(bodyTypeLabel("CAB-CHASSIS")).toBe("Cab Chassis");
    expect(bodyTypeLabel("Station Wagon")).toBe("Wagon");
    expect(bodyTypeLabel("camper trailer")).toBe("Camper Trailer");
    for (const body of bodyTypes) expect(bodyTypeLabel(bodyTypeLabel(body))).toBe(bodyTypeLabel(body));
  });

  itMaps(bodyTypeLabel, {
    "turns unknown values into words without losing capitals": [
      ["dualCab", "Dual Cab"],
      ["tray top", "Tray Top"],
      ["Roadster", "Roadster"],
      ["MPV", "MPV"],
    ],
  });

  it("covers the spec's body types and every body the demo stock uses (cars, 4x4s, motorcycles, campers)", () => {
    const named = new Set(LABELS.map(([value]) => value));
    for (const body of bodyTypes) expect(named.has(body), body).toBe(true);
    for (const spec of [...cars, ...fourByFours, ...motorcycles, ...campers]) expect(named.has(spec.body), spec.body).toBe(true);
  });
});

describe("bodyTypePlural: titles use the plural rules (spec 000 §9)", () => {
  it.each([
    ["cabChassis", "Cab Chassis"],
    ["suv", "SUVs"],
    ["bus", "Buses"],
    ["hatch", "Hatches"],
    ["hatchback", "Hatches"],
    ["peopleMover", "People Movers"],
    ["lightTruck", "Light Trucks"],
    ["camperTrailer", "Camper Trailers"],
    ["4x4", "4x4s"],
    ["naked", "Naked Motorcycles"],
    ["adventure", "Adventure Motorcycles"],
    ["cruiser", "Cruisers"],
    ["Utility", "Utilities"],
  ])("%s → %s", (value, many) => {
    expect(bodyTypePlural(value)).toBe(many);
  });
});

describe("one label on cards and on the vehicle page", () => {
  const tenant = makeTenant({ slug: "coastal-campers", template: "camper" });
  const site = tenant.site;

  it("the card chip, the spec row and the JSON-LD say 'Camper Trailer' for camperTrailer", () => {
    const vehicle = makeVehicle({ simple_body: "camperTrailer", body: "camperTrailer" });
    const chip = cardChips(vehicle, site).find((entry) => entry.key === "simple_body");
    expect(chip?.text).toBe("Camper Trailer");
    const page = vehiclePage(tenant, vehicle, { url: "https://x.example/campers/vehicle-1", log: logger });
    expect(page.chips.find((entry) => entry.key === "simple_body")?.text).toBe("Camper Trailer");
    expect(page.specs.find((row) => row.key === "body")?.value).toBe("Camper Trailer");
    expect(JSON.parse(page.jsonLd).bodyType).toBe("Camper Trailer");
  });
});

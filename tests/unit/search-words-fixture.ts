import { buildVocabulary, type VocabularySource } from "~/server/search/words/vocabulary";
import type { FacetDistribution } from "~/server/search/types";

const counts = (values: readonly string[]): Record<string, number> => Object.fromEntries(values.map((value) => [value, 10]));

/** Facet values as a car dealer group's stock gives them (the demo harbourside site's kinds of values). */
export const dealerFacets: FacetDistribution = {
  make: counts(["Toyota", "Mazda", "Hyundai", "Ford", "Mercedes-Benz", "Volkswagen", "Haval", "GWM", "Isuzu", "Land Rover"]),
  make_model: counts([
    "Toyota:HiLux",
    "Toyota:HiAce",
    "Toyota:LandCruiser",
    "Toyota:LandCruiser Prado",
    "Toyota:RAV4",
    "Toyota:Corolla",
    "Mazda:CX-5",
    "Mazda:Mazda3",
    "Mazda:BT-50",
    "Hyundai:i30",
    "Hyundai:Santa Fe",
    "Ford:Ranger",
    "Mercedes-Benz:C-Class",
    "Volkswagen:Golf",
    "Haval:Jolion",
    "Isuzu:D-MAX",
    "Land Rover:Defender",
  ]),
  car_type: counts(["new", "used", "demo"]),
  body: counts(["suv", "hatch", "hatchback", "ute", "sedan", "peopleMover", "van", "wagon", "stationWagon", "cabChassis", "4x4", "bus"]),
  simple_fuel: counts(["Petrol", "Diesel", "Hybrid", "Electric"]),
  simple_transmission: counts(["Automatic", "Manual"]),
  simple_drive: counts(["FWD", "AWD", "4WD", "RWD"]),
  colour: counts(["White", "Black", "Grey", "Silver", "Blue", "Red"]),
  filtered_features: counts(["Tow Bar", "Apple CarPlay", "Leather Seats", "Sunroof", "Sat Nav", "Heated Seats"]),
  city: counts(["Strathfield", "St Leonards", "Arncliffe"]),
  location_name: counts(["Harbourside Toyota - Sales", "Harbourside Mazda - Sales"]),
};

export const allSorts: VocabularySource["sorts"] = [
  "custom_rank:desc",
  "created_at_timestamp:desc",
  "price:desc",
  "price:asc",
  "km:desc",
  "km:asc",
];

export function dealerVocabulary(overrides: Partial<VocabularySource> = {}) {
  return buildVocabulary({
    facets: dealerFacets,
    sorts: allSorts,
    distanceUnit: "km",
    places: [{ name: "Homebush", attribute: "city", value: "Strathfield" }],
    words: {},
    ...overrides,
  });
}

import { plural, pluralise } from "~/server/lib/plural";
import type { Tenant } from "~/server/tenants/load";
import type { Site } from "~/server/tenants/schema";
import { bodyTypePlural } from "~/server/stock/body-type";
import { carTypeLabel } from "~/server/stock/car-type";
import { presets } from "./paths";
import type { SearchState } from "./state";
import { localiseText } from "~/server/lib/spelling";

const nouns: Record<Site["template"], string> = {
  car: "car",
  motorcycle: "motorcycle",
  camper: "camper",
  "4x4": "4x4",
  truck: "truck",
};

/** The vehicle noun of the price landing's "Show Me {count} {vehicle noun}": singular for 1. */
export function vehicleNoun(tenant: Tenant, count: number): string {
  return pluralise(nouns[tenant.site.template], count);
}

/** A title names one car type, or new and demo together (spec 000 §2 /search/new-and-demo-cars). */
function carTypesTitle(carTypes: readonly string[]): string | null {
  if (carTypes.length === 1) return carTypeLabel(carTypes[0]!);
  return carTypes.join(",") === "new,demo" ? `${carTypeLabel("new")} and ${carTypeLabel("demo")}` : null;
}

function capitalised(word: string): string {
  return `${word.charAt(0).toUpperCase()}${word.slice(1)}`;
}

/**
 * The heading of a search page. The 7-seater preset's title is the spec's (spec 001 §2); the
 * others follow its pattern: "{what} for Sale in {city}, {state}".
 */
export function searchTitle(state: SearchState, tenant: Tenant): string {
  const { city, state: region } = tenant.site;
  if (state.preset) return presets[state.preset].title(city, region);
  const noun = capitalised(plural(nouns[tenant.site.template]));
  const makes = state.refinements.make ?? [];
  const models = state.refinements.model ?? [];
  const bodies = state.refinements.body ?? [];
  let what: string;
  if (makes.length === 1) what = models.length === 1 ? `${makes[0]} ${models[0]}` : `${makes[0]} ${noun}`;
  else if (bodies.length === 1) what = bodyTypePlural(bodies[0]);
  else what = noun;
  const carTypes = carTypesTitle(state.carTypes);
  return localiseText(`${carTypes ? `${carTypes} ` : ""}${what} for Sale in ${city}, ${region}`, tenant.site.locale);
}

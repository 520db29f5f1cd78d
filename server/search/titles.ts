import { plural, pluralise } from "../lib/plural";
import type { Tenant } from "../tenants/load";
import type { Site } from "../tenants/schema";
import { bodyLabel, presets } from "./paths";
import type { SearchState } from "./state";

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

const carTypeTitles: Record<string, string> = {
  new: "New",
  used: "Used",
  demo: "Demo",
  "new,demo": "New and Demo",
};

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
  else if (bodies.length === 1) what = plural(bodyLabel(bodies[0]));
  else what = noun;
  const carTypes = carTypeTitles[state.carTypes.join(",")];
  return `${carTypes ? `${carTypes} ` : ""}${what} for Sale in ${city}, ${region}`;
}

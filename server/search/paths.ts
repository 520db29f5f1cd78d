import { bodyTypes } from "~/server/stock/body-type";
import type { CarType } from "~/server/stock/vehicle";
import type { Tenant } from "~/server/tenants/load";
import { makeBySlug, knownMake } from "./makes";
import { slugify } from "~/server/lib/slug";
import type { Preset, SearchState } from "./state";
import { defaultSearchPath as siteDefaultSearchPath, fallbackSearchPath, normalizePath } from "~/server/tenants/default-search-path";

/** spec 000 §2: with nothing configured the fallback is /search/new-used-and-demo-cars. */
export { fallbackSearchPath };
/** spec 000 §3 body types, defined with their labels in server/stock/body-type.ts. */
export { bodyTypes };

// spec 000 §2 stock shortcuts; new-used-and-demo-cars is every car type, so no filter.
const carTypePaths: Record<string, CarType[]> = {
  "new-used-and-demo-cars": [],
  "used-cars": ["used"],
  "demo-cars": ["demo"],
  "new-cars": ["new"],
  "new-and-demo-cars": ["new", "demo"],
};

/** Listings of a site's whole stock under the template's own name (spec 000 §2 default path examples). */
const listingAliases: ReadonlySet<string> = new Set(["motorcycles", "rvs", "campers"]);

/**
 * Preset categories: each filters what its name says wherever it is visited, and the same when it
 * is a site's default path (filter: outer list ANDed, inner lists ORed, as in SearchQuery).
 */
export const presets: Record<Preset, { filter: Array<string | string[]>; title: (city: string, state: string) => string }> = {
  // spec 001 §2
  "7-seater-cars": { filter: ["seats = 7"], title: (city, state) => `7 Seater Cars for Sale in ${city}, ${state}` },
  // spec 000 §2 default path examples: subscription cars, trucks, rental cars.
  // Subscription cars: the cars offered with a subscription price.
  "subscription-cars": { filter: ["subscription_price > 0"], title: (city, state) => `Subscription Cars in ${city}, ${state}` },
  // Trucks: a truck seller's stock (item type truck), or a car dealer's light trucks.
  trucks: { filter: [['item_type = "truck"', 'body = "lightTruck"']], title: (city, state) => `Trucks for Sale in ${city}, ${state}` },
  // Rental cars: the cars the dealer puts in its Rental category.
  "rental-cars": { filter: ['categories = "Rental"'], title: (city, state) => `Rental Cars in ${city}, ${state}` },
};

function isPreset(value: string): value is Preset {
  return Object.hasOwn(presets, value);
}

export function bodyPathSlug(value: string): string {
  return slugify(value.toLowerCase());
}

const bodyBySlug = new Map<string, string>(bodyTypes.map((body) => [bodyPathSlug(body), body]));

/** The body type a value names (case-insensitive), or null. */
export function knownBodyType(value: string): string | null {
  return bodyBySlug.get(bodyPathSlug(value)) ?? null;
}

/** The site's default search path (spec 000 §2). */
export function defaultSearchPath(tenant: Tenant): string {
  return siteDefaultSearchPath(tenant.site);
}

/**
 * Where a state with no path-claiming filter lives: the default path, unless that path itself
 * filters, by car type or as a preset (then the fallback, which does not; the default path keeps
 * its filter).
 */
export function listingPath(tenant: Tenant): string {
  const path = defaultSearchPath(tenant);
  const name = path.slice("/search/".length);
  const carTypes = carTypePaths[name];
  return (carTypes && carTypes.length > 0) || isPreset(name) ? fallbackSearchPath : path;
}

/** What a search path means before the query string is read. */
export type PathMeaning = {
  carTypes: CarType[];
  preset: Preset | null;
  make: string | null;
  model: string | null;
  body: string | null;
};

const noMeaning: PathMeaning = { carTypes: [], preset: null, make: null, model: null, body: null };

function decodePath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}

/**
 * The meaning of a search path, or null for an unknown one (a 404). `models` are model names the
 * caller knows; a model slug matches one of them case-insensitively, or stays a slug.
 */
export function resolveSearchPath(pathname: string, tenant: Tenant, models: readonly string[] = []): PathMeaning | null {
  const decoded = decodePath(pathname);
  if (decoded === null) return null;
  const path = normalizePath(decoded);
  if (path === listingPath(tenant)) return noMeaning;
  const [root, first, second, ...rest] = path.split("/").slice(1);
  if (root !== "search" || first === undefined || rest.length > 0) return null;
  if (second === undefined) {
    const carTypes = carTypePaths[first];
    if (carTypes) return { ...noMeaning, carTypes: [...carTypes] };
    if (isPreset(first)) return { ...noMeaning, preset: first };
    const body = bodyBySlug.get(first);
    if (body) return { ...noMeaning, body };
    if (listingAliases.has(first)) return noMeaning;
  }
  const make = makeBySlug(first);
  if (!make) return null;
  if (second === undefined) return { ...noMeaning, make: make.name };
  if (second !== slugify(second)) return null;
  const model = models.find((name) => slugify(name) === second) ?? second;
  return { ...noMeaning, make: make.name, model };
}

type PathInputs = Pick<SearchState, "listingPath" | "preset" | "carTypes" | "refinements">;

/** Which filters the path carries; those stay out of the query string. */
export type PathClaim = { path: string; carTypes: boolean; make: boolean; model: boolean; body: boolean };

function carTypesPath(carTypes: readonly CarType[]): string | null {
  if (carTypes.length === 0) return null;
  const key = carTypes.join(",");
  const entry = Object.entries(carTypePaths).find(([, types]) => types.join(",") === key);
  return entry ? `/search/${entry[0]}` : null;
}

/**
 * The path of a state. Order when several filters could become the path: preset, make (and
 * model), car type ({type}-cars), body type, then the listing. A path equal to the listing path
 * means the whole stock there, so a filter never claims it.
 */
export function claimPath(state: PathInputs): PathClaim {
  const unclaimed = { carTypes: false, make: false, model: false, body: false };
  const free = (path: string | null): path is string => path !== null && path !== state.listingPath;

  if (state.preset) return { path: `/search/${state.preset}`, ...unclaimed };

  const makes = state.refinements.make ?? [];
  const known = makes.length === 1 ? knownMake(makes[0]) : null;
  if (known && known.name === makes[0]) {
    const makePath = `/search/${known.slug}`;
    const models = state.refinements.model ?? [];
    const modelSlug = models.length === 1 ? slugify(models[0]) : "";
    const modelPath = modelSlug === "" ? null : `${makePath}/${modelSlug}`;
    if (free(modelPath)) return { path: modelPath, ...unclaimed, make: true, model: true };
    if (free(makePath)) return { path: makePath, ...unclaimed, make: true };
  }

  const typesPath = carTypesPath(state.carTypes);
  if (free(typesPath)) return { path: typesPath, ...unclaimed, carTypes: true };

  const bodies = state.refinements.body ?? [];
  const body = bodies.length === 1 && bodyBySlug.get(bodyPathSlug(bodies[0])) === bodies[0] ? bodies[0] : null;
  const bodyPath = body ? `/search/${bodyPathSlug(body)}` : null;
  if (free(bodyPath)) return { path: bodyPath, ...unclaimed, body: true };

  return { path: state.listingPath, ...unclaimed };
}

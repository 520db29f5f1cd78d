import type { CarType } from "~/server/stock/vehicle";
import type { SortValue } from "~/server/tenants/schema";

/**
 * The fixed words of the keyword interpreter: what shoppers type for the values a site's facets
 * hold. Each phrase is written as the interpreter reads it (lower case, words split on anything
 * but letters and digits). A phrase only becomes a filter when the site's own stock has a value
 * it names; the rest of a site's vocabulary comes from its facet values (vocabulary.ts).
 */

/** Body words → body values (spec 000 §3 body types; hatch and hatchback, wagon and station wagon are one body to a shopper). */
export const bodyWords: Readonly<Record<string, readonly string[]>> = {
  suv: ["suv"],
  "4wd wagon": ["suv", "4x4"],
  "4x4 wagon": ["suv", "4x4"],
  "four wheel drive wagon": ["suv", "4x4"],
  ute: ["ute"],
  utility: ["ute"],
  pickup: ["ute"],
  "pick up": ["ute"],
  "pickup truck": ["ute"],
  "dual cab": ["ute"],
  "double cab": ["ute"],
  hatch: ["hatch", "hatchback"],
  hatchback: ["hatch", "hatchback"],
  wagon: ["wagon", "stationWagon"],
  "station wagon": ["wagon", "stationWagon"],
  estate: ["wagon", "stationWagon"],
  sedan: ["sedan"],
  saloon: ["sedan"],
  "people mover": ["peopleMover"],
  "people carrier": ["peopleMover"],
  minivan: ["peopleMover"],
  mpv: ["peopleMover"],
  van: ["van"],
  "cab chassis": ["cabChassis"],
  "tray back": ["cabChassis"],
  trayback: ["cabChassis"],
  "tray top": ["cabChassis"],
  convertible: ["convertible"],
  cabriolet: ["convertible"],
  coupe: ["coupe"],
  bus: ["bus"],
  minibus: ["bus"],
  "light truck": ["lightTruck"],
  truck: ["lightTruck"],
  hardtop: ["hardtop"],
  "soft top": ["softtop"],
  softtop: ["softtop"],
  motorhome: ["motorhome"],
  campervan: ["motorhome"],
  "camper trailer": ["camperTrailer"],
  caravan: ["caravan"],
};

/** Fuel words → the simple fuel a card shows (Petrol, Diesel, Hybrid, Electric). */
export const fuelWords: Readonly<Record<string, string>> = {
  diesel: "Diesel",
  petrol: "Petrol",
  unleaded: "Petrol",
  gas: "Petrol",
  gasoline: "Petrol",
  hybrid: "Hybrid",
  "plug in hybrid": "Hybrid",
  phev: "Hybrid",
  electric: "Electric",
  ev: "Electric",
  bev: "Electric",
};

/** Transmission words → the simple transmission. */
export const transmissionWords: Readonly<Record<string, string>> = {
  auto: "Automatic",
  automatic: "Automatic",
  manual: "Manual",
  "stick shift": "Manual",
};

/** Drive words → the simple drive. "4x4" means the drive (a "4x4 wagon" is a body, above). */
export const driveWords: Readonly<Record<string, string>> = {
  awd: "AWD",
  "all wheel drive": "AWD",
  "4wd": "4WD",
  "four wheel drive": "4WD",
  "4x4": "4WD",
  fwd: "FWD",
  "front wheel drive": "FWD",
  rwd: "RWD",
  "rear wheel drive": "RWD",
};

/** Colour spellings that name the same colour value. */
export const colourWords: Readonly<Record<string, string>> = {
  gray: "Grey",
  grey: "Gray",
};

/** The colours a shopper may name even where no car of that colour is in stock (so "no 'purple'" can be said). */
export const commonColours: readonly string[] = [
  "black",
  "white",
  "silver",
  "grey",
  "gray",
  "blue",
  "red",
  "green",
  "yellow",
  "orange",
  "brown",
  "bronze",
  "gold",
  "purple",
  "beige",
  "graphite",
];

/** Condition words → car type (spec 000 §2 car types new, used, demo). */
export const conditionWords: Readonly<Record<string, CarType>> = {
  new: "new",
  "brand new": "new",
  used: "used",
  "second hand": "used",
  secondhand: "used",
  "pre owned": "used",
  preowned: "used",
  "pre loved": "used",
  demo: "demo",
  demonstrator: "demo",
  "ex demo": "demo",
};

/** Sort words → the spec's sort values (spec 000 §9); a site that does not offer one ignores it. */
export const sortWords: Readonly<Record<string, SortValue>> = {
  cheapest: "price:asc",
  "lowest price": "price:asc",
  "cheapest first": "price:asc",
  "price low to high": "price:asc",
  "most expensive": "price:desc",
  "highest price": "price:desc",
  dearest: "price:desc",
  "lowest km": "km:asc",
  "low km": "km:asc",
  "low kms": "km:asc",
  "lowest kms": "km:asc",
  "lowest mileage": "km:asc",
  "lowest miles": "km:asc",
  "least km": "km:asc",
  "least kms": "km:asc",
  "highest km": "km:desc",
  "highest kms": "km:desc",
  latest: "created_at_timestamp:desc",
  "newest listings": "created_at_timestamp:desc",
};

/** Makes shoppers shorten; the value is a make's name or alias as server/search/makes.ts knows it. */
export const makeShortForms: Readonly<Record<string, string>> = {
  merc: "Mercedes-Benz",
  mercedes: "Mercedes-Benz",
  benz: "Mercedes-Benz",
  vw: "Volkswagen",
  volkswagon: "Volkswagen",
  chevy: "Chevrolet",
  beemer: "BMW",
  landie: "Land Rover",
  "range rover": "Land Rover",
  haval: "GWM",
};

/**
 * Well-known models by the words shoppers use, with their make and body, so a site without one can
 * say so and show the body instead ("no 'hiace' on this site — showing all vans"). `models` are
 * squashed model names (letters and digits only) the words stand for on a site that has them.
 */
export type KnownModel = { make: string; models: readonly string[]; body: string };
export const knownModels: Readonly<Record<string, KnownModel>> = {
  hiace: { make: "Toyota", models: ["hiace"], body: "van" },
  hilux: { make: "Toyota", models: ["hilux"], body: "ute" },
  landcruiser: { make: "Toyota", models: ["landcruiser", "landcruiser70", "landcruiser300"], body: "suv" },
  "land cruiser": { make: "Toyota", models: ["landcruiser", "landcruiser70", "landcruiser300"], body: "suv" },
  prado: { make: "Toyota", models: ["landcruiserprado", "prado"], body: "suv" },
  rav4: { make: "Toyota", models: ["rav4"], body: "suv" },
  corolla: { make: "Toyota", models: ["corolla"], body: "hatch" },
  ranger: { make: "Ford", models: ["ranger"], body: "ute" },
  transit: { make: "Ford", models: ["transit", "transitcustom"], body: "van" },
  navara: { make: "Nissan", models: ["navara"], body: "ute" },
  patrol: { make: "Nissan", models: ["patrol"], body: "suv" },
  triton: { make: "Mitsubishi", models: ["triton"], body: "ute" },
  dmax: { make: "Isuzu", models: ["dmax"], body: "ute" },
  cx5: { make: "Mazda", models: ["cx5"], body: "suv" },
  bt50: { make: "Mazda", models: ["bt50"], body: "ute" },
  staria: { make: "Hyundai", models: ["staria", "stariaload"], body: "van" },
  carnival: { make: "Kia", models: ["carnival"], body: "peopleMover" },
  sprinter: { make: "Mercedes-Benz", models: ["sprinter"], body: "van" },
};

/** Feature words → squashed feature names (letters and digits only) they stand for on a site that lists them. */
export const featureWords: Readonly<Record<string, readonly string[]>> = {
  carplay: ["applecarplay"],
  "tow hitch": ["towbar"],
  "tow ball": ["towbar"],
  towball: ["towbar"],
  "reverse camera": ["reversingcamera"],
  "reversing cam": ["reversingcamera"],
  "rear camera": ["reversingcamera"],
  "sat nav": ["satnav"],
  gps: ["satnav"],
  navigation: ["satnav"],
  "moon roof": ["sunroof"],
  "sun roof": ["sunroof"],
  leather: ["leatherseats"],
  "heated seat": ["heatedseats"],
  android: ["androidauto"],
};

/** Words that are never search terms on their own: generic nouns and connecting words. */
export const genericWords: ReadonlySet<string> = new Set([
  "a",
  "an",
  "the",
  "and",
  "or",
  "with",
  "without",
  "for",
  "sale",
  "car",
  "vehicle",
  "in",
  "near",
  "at",
  "around",
  "of",
  "on",
  "to",
  "that",
  "has",
  "have",
  "is",
  "it",
  "i",
  "me",
  "my",
  "we",
  "want",
  "need",
  "looking",
  "look",
  "show",
  "find",
  "buy",
  "some",
  "any",
  "please",
  "something",
  "like",
  "good",
  "condition",
  "under",
  "over",
  "below",
  "above",
  "from",
  "between",
  "than",
  "less",
  "more",
  "max",
  "min",
  "up",
  "only",
  "very",
  "low",
  "cheap",
]);

/** Words before a place name (spec: a tenant city or location name after in/near/at). */
export const placeWords: ReadonlySet<string> = new Set(["in", "near", "at", "around", "close to"]);

/** Small numbers in words, for "seven seater" and "eight seats". */
export const numberWords: Readonly<Record<string, number>> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};

import { squash } from "./dealer-values";

// Google's vehicle ads feed and Meta's automotive catalogue write US-English enumerations
// (truck, minivan, gasoline, FOUR_WD, NOT_AVAILABLE). These turn them into the words our stock
// already reads (labels.ts, dealer-values.ts), so one set of facet values serves every feed.
// A word not listed here is kept as written: labels.ts and the status reader judge it.

const bodyWords: Record<string, string> = {
  truck: "ute",
  pickup: "ute",
  pickuptruck: "ute",
  minivan: "peopleMover",
  crossover: "suv",
  suv: "suv",
  sedan: "sedan",
  coupe: "coupe",
  hatchback: "hatchback",
  convertible: "convertible",
  wagon: "wagon",
  van: "van",
  other: "",
  none: "",
};

const fuelWords: Record<string, string> = {
  gasoline: "Petrol",
  gas: "Petrol",
  petrol: "Petrol",
  diesel: "Diesel",
  electric: "Electric",
  hybrid: "Hybrid",
  pluginhybrid: "Plug-in Hybrid",
  flex: "Flex Fuel",
  other: "",
  none: "",
};

const driveWords: Record<string, string> = {
  "4x4": "4WD",
  fourwd: "4WD",
  "4wd": "4WD",
  "4x2": "2WD",
  twowd: "2WD",
  "2wd": "2WD",
  awd: "AWD",
  fwd: "FWD",
  rwd: "RWD",
  other: "",
  none: "",
};

const transmissionWords: Record<string, string> = {
  automatic: "Automatic",
  manual: "Manual",
  other: "",
  none: "",
};

// Google availability (in_stock, out_of_stock, preorder, backorder) and Meta's (AVAILABLE,
// PENDING, NOT_AVAILABLE) as the status words of docs/operations.md.
const availabilityWords: Record<string, string> = {
  instock: "In Stock",
  available: "Available",
  outofstock: "Sold",
  notavailable: "Not Available",
  preorder: "Coming Soon",
  backorder: "Coming Soon",
  pending: "Pending",
};

/** Google condition new/used and Meta state_of_vehicle NEW/USED/CPO: CPO is a used car, certified. */
export function platformCondition(raw: string): { condition: string; certified: boolean } {
  const key = squash(raw);
  if (key === "cpo" || key === "certified" || key === "certifiedpreowned") return { condition: "used", certified: true };
  return { condition: raw, certified: false };
}

function mapped(words: Record<string, string>, raw: string): string {
  const found = words[squash(raw)];
  return found ?? raw;
}

export const platformWords = {
  body: (raw: string) => mapped(bodyWords, raw),
  fuel: (raw: string) => mapped(fuelWords, raw),
  drive: (raw: string) => mapped(driveWords, raw),
  transmission: (raw: string) => mapped(transmissionWords, raw),
  availability: (raw: string) => mapped(availabilityWords, raw),
};

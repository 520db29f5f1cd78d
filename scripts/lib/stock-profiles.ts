import type { FinanceProvider, Site } from "~/server/tenants/schema";
import type { CarType } from "~/server/stock/vehicle";
import type { Market, VehicleKind } from "./vehicle-catalogue";

/** What a demo tenant sells and how much of it. */
export type StockProfile = {
  count: number;
  kind: VehicleKind;
  market: Market;
  carTypes: Readonly<Record<CarType, number>>;
  /** share of vehicles with a subscription price (spec 000 §5: shown when the site offers subscriptions) */
  subscriptionShare: number;
  /** a second lender in finance_lenders on this share of vehicles */
  extraLender: { provider: FinanceProvider; share: number } | null;
  depositAmount: number;
};

const USED_ONLY = { new: 0, used: 1, demo: 0 };

/** Sizes are the brief's; outback-4x4 is spec 001 §9: "Stock there: 30, all used." */
const profiles: Record<string, StockProfile> = {
  harbourside: {
    count: 3000,
    kind: "car",
    market: "au",
    carTypes: { new: 35, used: 45, demo: 20 },
    subscriptionShare: 0,
    // Car Clarity is the one provider no demo site uses as its own; a second lender on some harbourside cars keeps it in the data
    extraLender: { provider: "Car Clarity", share: 0.15 },
    depositAmount: 500,
  },
  "southern-used": {
    count: 400,
    kind: "car",
    market: "au",
    carTypes: USED_ONLY,
    subscriptionShare: 0.6,
    extraLender: null,
    depositAmount: 300,
  },
  "ridgeline-moto": {
    count: 150,
    kind: "motorcycle",
    market: "au",
    carTypes: { new: 50, used: 50, demo: 0 },
    subscriptionShare: 0,
    extraLender: null,
    depositAmount: 250,
  },
  "coastal-campers": {
    count: 120,
    kind: "camper",
    market: "au",
    carTypes: { new: 40, used: 60, demo: 0 },
    subscriptionShare: 0,
    extraLender: null,
    depositAmount: 1000,
  },
  "outback-4x4": { count: 30, kind: "4x4", market: "au", carTypes: USED_ONLY, subscriptionShare: 0, extraLender: null, depositAmount: 500 },
  "kiwi-motors": {
    count: 200,
    kind: "car",
    market: "nz",
    carTypes: { new: 35, used: 55, demo: 10 },
    subscriptionShare: 0,
    extraLender: null,
    depositAmount: 500,
  },
  "lakeside-auto": {
    count: 250,
    kind: "car",
    market: "us",
    carTypes: { new: 45, used: 45, demo: 10 },
    subscriptionShare: 0,
    extraLender: null,
    depositAmount: 500,
  },
};

const kindByTemplate: Record<Site["template"], VehicleKind> = {
  car: "car",
  truck: "car",
  motorcycle: "motorcycle",
  camper: "camper",
  "4x4": "4x4",
};
const marketByLocale: Record<Site["locale"], Market> = { "en-AU": "au", "en-NZ": "nz", "en-US": "us" };

/** The named demo profile, or one derived from the site for any other tenant folder. */
export function stockProfile(slug: string, site: Site): StockProfile {
  const known = profiles[slug];
  if (known) return known;
  const franchised = site.dealerships.some((dealership) => dealership.manufacturers.length > 0);
  return {
    count: 100,
    kind: kindByTemplate[site.template],
    market: marketByLocale[site.locale],
    carTypes: franchised ? { new: 30, used: 60, demo: 10 } : USED_ONLY,
    subscriptionShare: site.flags.offers_subscription ? 0.5 : 0,
    extraLender: null,
    depositAmount: 500,
  };
}

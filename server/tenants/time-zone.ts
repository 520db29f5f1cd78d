import type { Site } from "./schema";

/**
 * Which day and hour it is at a dealer: one rule for opening hours today (home page) and booking
 * slots. A dealership's configured `time_zone` wins; otherwise its state decides (AU and
 * the US states our dealers are in), otherwise the locale's main zone.
 */
const STATE_TIME_ZONES: Record<string, string> = {
  NSW: "Australia/Sydney",
  ACT: "Australia/Sydney",
  VIC: "Australia/Melbourne",
  TAS: "Australia/Hobart",
  QLD: "Australia/Brisbane",
  SA: "Australia/Adelaide",
  NT: "Australia/Darwin",
  WA: "Australia/Perth",
  WI: "America/Chicago",
  IL: "America/Chicago",
  MN: "America/Chicago",
  NY: "America/New_York",
  CA: "America/Los_Angeles",
};

const LOCALE_TIME_ZONES: Record<Site["locale"], string> = {
  "en-AU": "Australia/Sydney",
  "en-NZ": "Pacific/Auckland",
  "en-US": "America/Chicago",
};

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-AU", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The zone of a state (an AU state only on AU sites: "WA" is not Washington there), else the locale's. */
export function stateTimeZone(state: string, locale: string): string {
  const upper = state.toUpperCase();
  const zone = STATE_TIME_ZONES[upper];
  const auState = zone?.startsWith("Australia/") ?? false;
  if (zone && auState === (locale === "en-AU")) return zone;
  return LOCALE_TIME_ZONES[locale as Site["locale"]] ?? LOCALE_TIME_ZONES["en-AU"];
}

/** The site's own zone (its head-office state). */
export function siteTimeZone(site: { state: string; locale: string }): string {
  return stateTimeZone(site.state, site.locale);
}

/** A dealership's zone: its configured `time_zone`, else the state of its first location, else the site's. */
export function dealershipTimeZone(site: Site, dealershipId: number): string {
  const dealership = site.dealerships.find((d) => d.id === dealershipId);
  if (dealership?.time_zone && isTimeZone(dealership.time_zone)) return dealership.time_zone;
  const location = site.locations.find((l) => l.dealership_id === dealershipId);
  return stateTimeZone(location?.address.state ?? site.state, site.locale);
}

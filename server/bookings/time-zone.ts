import type { Site } from "../tenants/schema";

// An Australian, New Zealand or US state's time zone, for dealerships without a configured time_zone.
const STATE_TIME_ZONES: Record<string, string> = {
  NSW: "Australia/Sydney",
  ACT: "Australia/Sydney",
  VIC: "Australia/Melbourne",
  TAS: "Australia/Hobart",
  QLD: "Australia/Brisbane",
  SA: "Australia/Adelaide",
  NT: "Australia/Darwin",
  WA: "Australia/Perth",
};

const LOCALE_TIME_ZONES: Record<Site["locale"], string> = {
  "en-AU": "Australia/Sydney",
  "en-NZ": "Pacific/Auckland",
  "en-US": "America/New_York",
};

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-AU", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * Issue 16: booking times are the dealership's. Its configured `time_zone` wins; otherwise the state of its
 * first location (then the site's state), otherwise the locale's main zone.
 */
export function dealershipTimeZone(site: Site, dealershipId: number): string {
  const dealership = site.dealerships.find((d) => d.id === dealershipId);
  if (dealership?.time_zone && isTimeZone(dealership.time_zone)) return dealership.time_zone;
  const location = site.locations.find((l) => l.dealership_id === dealershipId);
  const state = (location?.address.state ?? site.state).toUpperCase();
  if (site.locale === "en-AU" && STATE_TIME_ZONES[state]) return STATE_TIME_ZONES[state];
  return LOCALE_TIME_ZONES[site.locale];
}

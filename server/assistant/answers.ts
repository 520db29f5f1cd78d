import { orderedLocations } from "~/server/content/locations";
import { weekdayIn } from "~/server/content/todays-hours";
import { formatDistance, formatMoney } from "~/server/lib/format";
import { isAvailable, isSold } from "~/server/stock/availability";
import { DEFAULT_INTEREST_RATE, DEFAULT_TERM_MONTHS, financeCalculator } from "~/server/stock/finance-calculator";
import { priceDisplay } from "~/server/stock/price-display";
import { vehicleTitle } from "~/server/stock/vehicle-title";
import type { Vehicle } from "~/server/stock/vehicle";
import type { Site } from "~/server/tenants/schema";
import { siteTimeZone } from "~/server/tenants/time-zone";
import type { CarTopic } from "./question";
import { dateTimeFormat } from "~/server/lib/date-time-format";

/** The assistant's name: its page's heading, its dialog's title and the floating button's words. */
export const ASSISTANT_TITLE = "Ask us";

/** Said to anything the site's own data cannot answer; the hand-over follows. */
export const PASS_TO_TEAM = "I can pass that to the team";
export const GREETING = "Hi! Ask me about our cars, our opening hours, where we are or how to reach us.";

const dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const dayMs = 86_400_000;

/** The date (YYYY-MM-DD) in the dealer's time zone. */
function localDate(ms: number, timeZone: string): string {
  return dateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(ms));
}

/**
 * "Are you open on Sunday?": the main location's hours for that day (today when no day is named),
 * and a special day (public holiday) falling on it within the next week, which wins.
 */
export function hoursAnswer(site: Site, weekday: number | null, now: number): string {
  const timeZone = siteTimeZone(site);
  const today = weekdayIn(now, timeZone);
  const day = weekday ?? today;
  const location = orderedLocations(site.locations)[0];
  const entry = location?.contact_detail.opening_hours.find((hour) => hour.weekday === day);
  const ahead = (day - today + 7) % 7;
  const date = localDate(now + ahead * dayMs, timeZone);
  const special = site.special_hours.find((hours) => hours.date === date);
  const when = weekday === null || ahead === 0 ? "today" : `on ${dayNames[day]}`;
  if (special) {
    return special.status === "Closed"
      ? `We're closed ${when} (${special.label}).`
      : `${special.label}: we're open ${when}, ${special.formated_hours}.`;
  }
  if (!entry) return `${PASS_TO_TEAM}: our hours for ${dayNames[day]} aren't listed here.`;
  return entry.status === "Closed" ? `We're closed ${when}.` : `Yes, we're open ${when}, ${entry.formated_hours}.`;
}

/** Each location's address with its map link. */
export function addressAnswer(site: Site): { text: string; links: Array<{ href: string; text: string }> } {
  const locations = orderedLocations(site.locations).filter((location) => location.visible);
  return {
    text: locations.map((location) => `${location.name}: ${location.address.full}`).join("\n"),
    links: locations.map((location) => ({ href: location.address.map_url, text: `Directions to ${location.name}` })),
  };
}

export function phoneAnswer(site: Site): string {
  return `Call us on ${site.phone}.`;
}

/** Price, odometer, a finance estimate (the calculator's rule, its default rate and term) or availability of the car in context. */
export function carAnswer(vehicle: Vehicle, topic: CarTopic, site: Site): string {
  const title = vehicleTitle(vehicle);
  switch (topic) {
    case "price": {
      const price = priceDisplay(vehicle, site);
      return price.kind === "text"
        ? `${title}: ${price.text}.`
        : `The ${title} is ${price.text}${vehicle.price_type ? ` ${vehicle.price_type}` : ""}.`;
    }
    case "km": {
      const distance = formatDistance(vehicle.km, site);
      return distance ? `The ${title} has ${distance} on the odometer.` : `${PASS_TO_TEAM}: the odometer reading isn't listed.`;
    }
    case "finance": {
      if (vehicle.price === null || vehicle.price <= 0) return `${PASS_TO_TEAM}: this car has no listed price to estimate from.`;
      const repayments = financeCalculator({ price: vehicle.price });
      return `About ${formatMoney(repayments.weekly, site.locale, { cents: true })} a week for the ${title} (an estimate: no deposit, ${DEFAULT_INTEREST_RATE}% a year over ${DEFAULT_TERM_MONTHS / 12} years; the team can give you a real quote).`;
    }
    case "available":
      if (isSold(vehicle)) return `Sorry, the ${title} has been sold.`;
      return isAvailable(vehicle) ? `Yes, the ${title} is still available.` : `The ${title} is coming soon.`;
  }
}

import { describe, expect, it } from "vitest";
import { dealershipTimeZone, siteTimeZone, stateTimeZone } from "~/server/tenants/time-zone";
import { makeTenant } from "../fixtures/tenant";

describe("a dealer's time zone (opening hours today, booking slots)", () => {
  it("follows the state, with AU states only on AU sites", () => {
    expect(stateTimeZone("QLD", "en-AU")).toBe("Australia/Brisbane");
    expect(stateTimeZone("wa", "en-AU")).toBe("Australia/Perth");
    expect(stateTimeZone("WI", "en-US")).toBe("America/Chicago");
    expect(stateTimeZone("CA", "en-US")).toBe("America/Los_Angeles");
    expect(stateTimeZone("Auckland", "en-NZ")).toBe("Pacific/Auckland");
    expect(stateTimeZone("WA", "en-US")).toBe("America/Chicago");
    expect(stateTimeZone("", "en-AU")).toBe("Australia/Sydney");
  });

  it("uses a dealership's configured zone first, then the state of its location", () => {
    const site = makeTenant().site;
    const first = site.dealerships[0]!;
    expect(dealershipTimeZone(site, first.id)).toBe(siteTimeZone({ state: "NSW", locale: "en-AU" }));
    const configured = {
      ...site,
      dealerships: site.dealerships.map((d) => (d.id === first.id ? { ...d, time_zone: "Australia/Perth" } : d)),
    };
    expect(dealershipTimeZone(configured, first.id)).toBe("Australia/Perth");
    const broken = { ...site, dealerships: site.dealerships.map((d) => (d.id === first.id ? { ...d, time_zone: "Mars/Olympus" } : d)) };
    expect(dealershipTimeZone(broken, first.id)).toBe("Australia/Sydney");
  });
});

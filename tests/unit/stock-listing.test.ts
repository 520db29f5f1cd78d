import { describe, expect, it } from "vitest";
import { isAvailable, isSold } from "~/server/stock/availability";
import { isListed, isRecentlySold, soldWindowMs } from "~/server/stock/is-listed";
import { makeSite } from "../fixtures/tenant";
import { DAY_MS, corollaNow as NOW, makeCorolla } from "../fixtures/vehicles";

describe("isAvailable (spec 000 §4)", () => {
  it("counts in_stock and coming_soon as available, sold not", () => {
    expect(isAvailable(makeCorolla({ status: "in_stock" }))).toBe(true);
    expect(isAvailable(makeCorolla({ status: "coming_soon" }))).toBe(true);
    expect(isAvailable(makeCorolla({ status: "sold" }))).toBe(false);
  });

  it("treats either the sold status or the sold flag as sold", () => {
    expect(isSold(makeCorolla({ status: "sold" }))).toBe(true);
    expect(isSold(makeCorolla({ status: "in_stock", sold: true }))).toBe(true);
    expect(isSold(makeCorolla({ status: "in_stock", sold: false }))).toBe(false);
  });
});

describe("isListed (spec 000 §4 stock filter)", () => {
  const site = makeSite();
  const soldAgo = (ms: number) => makeCorolla({ status: "sold", sold: true, sold_date_timestamp: NOW - ms });

  it("uses a 3-day sold window by default: 259200000 ms", () => {
    expect(site.include_sold_cars_days).toBe(3);
    expect(soldWindowMs(site)).toBe(259_200_000);
  });

  it("lists in_stock and coming_soon vehicles shown on the dealer website", () => {
    expect(isListed(makeCorolla({ status: "in_stock" }), site, NOW)).toBe(true);
    expect(isListed(makeCorolla({ status: "coming_soon" }), site, NOW)).toBe(true);
  });

  it("hides anything with show_on_dealer_website false", () => {
    expect(isListed(makeCorolla({ show_on_dealer_website: false }), site, NOW)).toBe(false);
    expect(isListed(makeCorolla({ status: "sold", sold_date_timestamp: NOW, show_on_dealer_website: false }), site, NOW)).toBe(false);
  });

  it("keeps a sold vehicle up to and including 259200000 ms after its sale", () => {
    expect(isListed(soldAgo(0), site, NOW)).toBe(true);
    expect(isListed(soldAgo(259_199_999), site, NOW)).toBe(true);
    expect(isListed(soldAgo(259_200_000), site, NOW)).toBe(true);
    expect(isListed(soldAgo(259_200_001), site, NOW)).toBe(false);
  });

  it("drops a sold vehicle without a sold date", () => {
    expect(isListed(makeCorolla({ status: "sold", sold_date_timestamp: null }), site, NOW)).toBe(false);
  });

  it("honours include_sold_cars_days", () => {
    const week = makeSite({ include_sold_cars_days: 7 });
    expect(isListed(soldAgo(7 * DAY_MS), week, NOW)).toBe(true);
    expect(isListed(soldAgo(7 * DAY_MS + 1), week, NOW)).toBe(false);
    const none = makeSite({ include_sold_cars_days: 0 });
    expect(isListed(soldAgo(0), none, NOW)).toBe(true);
    expect(isListed(soldAgo(1), none, NOW)).toBe(false);
  });

  it("isRecentlySold is false for unsold vehicles", () => {
    expect(isRecentlySold(makeCorolla({ status: "in_stock", sold_date_timestamp: NOW }), site, NOW)).toBe(false);
    expect(isRecentlySold(soldAgo(DAY_MS), site, NOW)).toBe(true);
  });
});

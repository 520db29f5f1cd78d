import { describe, expect, it } from "vitest";
import { priceDisplay } from "~/server/stock/price-display";
import { wasPrice } from "~/server/stock/was-price";
import { autograbEligible } from "~/server/stock/can-reserve";
import { marketIndicator } from "~/server/stock/market-indicator";
import { makeSite } from "../fixtures/tenant";
import { makeCorolla } from "../fixtures/vehicles";

describe("priceDisplay (spec 000 §5, first match wins)", () => {
  const site = makeSite();
  const subscriptions = makeSite({ flags: { offers_subscription: true } });

  it("shows the price above 10 and not at 10", () => {
    expect(priceDisplay(makeCorolla({ price: 11 }), site)).toEqual({ kind: "price", amount: 11, text: "$11" });
    expect(priceDisplay(makeCorolla({ price: 10 }), site)).toEqual({ kind: "text", text: "Enquire for price." });
    expect(priceDisplay(makeCorolla({ price: 12_990 }), site)).toEqual({ kind: "price", amount: 12_990, text: "$12,990" });
  });

  it("falls back to the default no-price text for a null or zero price", () => {
    expect(priceDisplay(makeCorolla({ price: null }), site).text).toBe("Enquire for price.");
    expect(priceDisplay(makeCorolla({ price: 0 }), site).text).toBe("Enquire for price.");
  });

  it("uses the site's own no-price text", () => {
    const custom = makeSite({ features: { no_price_text: "Call the dealer" } });
    expect(priceDisplay(makeCorolla({ price: 10 }), custom)).toEqual({ kind: "text", text: "Call the dealer" });
  });

  it("shows 'PREORDER' for a preorder vehicle without a price above 10", () => {
    expect(priceDisplay(makeCorolla({ price: 10, preorder: true }), site)).toEqual({ kind: "preorder", text: "PREORDER" });
    expect(priceDisplay(makeCorolla({ price: 11, preorder: true }), site).kind).toBe("price");
  });

  it("shows the subscription price first when the site offers subscriptions and it is above 0", () => {
    const vehicle = makeCorolla({ price: 30_000, subscription_price: 199 });
    expect(priceDisplay(vehicle, subscriptions)).toEqual({ kind: "subscription", amount: 199, text: "$199" });
    expect(priceDisplay(makeCorolla({ price: 30_000, subscription_price: 1 }), subscriptions).kind).toBe("subscription");
    expect(priceDisplay(makeCorolla({ price: 30_000, subscription_price: 0 }), subscriptions).kind).toBe("price");
    expect(priceDisplay(makeCorolla({ price: 30_000, subscription_price: null }), subscriptions).kind).toBe("price");
  });

  it("ignores the subscription price on sites without subscriptions", () => {
    expect(priceDisplay(makeCorolla({ price: 30_000, subscription_price: 199 }), site).kind).toBe("price");
  });

  it("formats with a bare $ on NZ and US sites too", () => {
    expect(priceDisplay(makeCorolla({ price: 12_990 }), makeSite({ locale: "en-NZ", currency: "NZD" })).text).toBe("$12,990");
    expect(priceDisplay(makeCorolla({ price: 12_990 }), makeSite({ locale: "en-US", currency: "USD" })).text).toBe("$12,990");
  });
});

describe("wasPrice (spec 000 §5)", () => {
  const site = makeSite();

  it("shows only when before_price exceeds the price", () => {
    expect(wasPrice(makeCorolla({ price: 20_000, before_price: 20_001 }), site)).toEqual({ amount: 20_001, text: "$20,001" });
    expect(wasPrice(makeCorolla({ price: 20_000, before_price: 20_000 }), site)).toBeNull();
    expect(wasPrice(makeCorolla({ price: 20_000, before_price: 19_999 }), site)).toBeNull();
    expect(wasPrice(makeCorolla({ price: 20_000, before_price: null }), site)).toBeNull();
  });

  it("never sits beside a hidden price or a subscription price", () => {
    expect(wasPrice(makeCorolla({ price: 10, before_price: 20_000 }), site)).toBeNull();
    expect(wasPrice(makeCorolla({ price: 11, before_price: 20_000 }), site)).toEqual({ amount: 20_000, text: "$20,000" });
    const subscriptions = makeSite({ flags: { offers_subscription: true } });
    expect(wasPrice(makeCorolla({ price: 20_000, subscription_price: 199, before_price: 25_000 }), subscriptions)).toBeNull();
  });
});

describe("marketIndicator (spec 000 §5)", () => {
  const withMarket = (price: number | null, average: number | null, stateAverage: number | null) =>
    makeCorolla({ price, autograb_data: { average_market_price: average, state_average_market_price: stateAverage } });

  it("says 'below market price' when more than 499 under the market average and under the state average", () => {
    expect(marketIndicator(withMarket(19_500, 20_000, 21_000))).toBe("below market price");
    expect(marketIndicator(withMarket(19_501, 20_000, 21_000))).toBeNull();
    expect(marketIndicator(withMarket(19_499, 20_000, 21_000))).toBe("below market price");
  });

  it("needs the price below the state average", () => {
    expect(marketIndicator(withMarket(19_000, 20_000, 19_001))).toBe("below market price");
    expect(marketIndicator(withMarket(19_000, 20_000, 19_000))).toBeNull();
    expect(marketIndicator(withMarket(19_000, 20_000, 18_999))).toBeNull();
  });

  it("is null-safe", () => {
    expect(marketIndicator(makeCorolla({ autograb_data: null }))).toBeNull();
    expect(marketIndicator(withMarket(null, 20_000, 21_000))).toBeNull();
    expect(marketIndicator(withMarket(19_000, null, 21_000))).toBeNull();
    expect(marketIndicator(withMarket(19_000, 20_000, null))).toBeNull();
  });

  it("only on vehicles Autograb is eligible for: in stock, unsold, unreserved, priced above 200", () => {
    const market = { average_market_price: 20_000, state_average_market_price: 21_000 };
    const below = (overrides: Parameters<typeof makeCorolla>[0]) =>
      marketIndicator(makeCorolla({ price: 201, autograb_data: market, ...overrides }));
    expect(below({})).toBe("below market price");
    expect(below({ price: 200 })).toBeNull();
    expect(below({ price: 11 })).toBeNull();
    expect(below({ status: "coming_soon" })).toBeNull();
    expect(below({ status: "sold", sold: true, sold_date_timestamp: 1 })).toBeNull();
    expect(below({ sold: true })).toBeNull();
    expect(below({ reserved: true })).toBeNull();
    // the one core rule decides, for the indicator as for reserve
    for (const vehicle of [
      makeCorolla({ price: 201 }),
      makeCorolla({ price: 200 }),
      makeCorolla({ reserved: true }),
      makeCorolla({ status: "coming_soon" }),
    ]) {
      expect(marketIndicator({ ...vehicle, autograb_data: market }) !== null).toBe(autograbEligible(vehicle));
    }
  });
});

import { describe, expect, it } from "vitest";
import type { FinanceProvider } from "~/server/tenants/schema";
import { financeOffer, isFinanceHidden, lenderFor, oneMonthAhead } from "~/server/stock/finance-offer";
import { financeCalculator } from "~/server/stock/finance-calculator";
import type { FinanceLender } from "~/server/stock/vehicle";
import { makeSite } from "../fixtures/tenant";
import { corollaNow as NOW, makeLender, makeCorolla } from "../fixtures/vehicles";

const siteFor = (provider: FinanceProvider) => makeSite({ finance_provider: provider });
const vehicleWith = (provider: FinanceProvider, lender: Partial<FinanceLender> = {}, overrides = {}) =>
  makeCorolla({ finance_lenders: { [provider]: makeLender(lender) }, ...overrides });

describe("financeOffer — common requirements (spec 000 §5)", () => {
  it("needs a finance provider on the site", () => {
    expect(financeOffer(vehicleWith("Manual"), makeSite({ finance_provider: null }), NOW)).toBeNull();
  });

  it("needs the site provider's lender", () => {
    const vehicle = makeCorolla({ finance_lenders: { Angle: makeLender() } });
    expect(financeOffer(vehicle, siteFor("Manual"), NOW)).toBeNull();
    expect(financeOffer(vehicle, siteFor("Angle"), NOW)?.provider).toBe("Angle");
  });

  it("needs non-null interestRate and comparisonRate", () => {
    expect(financeOffer(vehicleWith("Manual", { interestRate: null }), siteFor("Manual"), NOW)).toBeNull();
    expect(financeOffer(vehicleWith("Manual", { comparisonRate: null }), siteFor("Manual"), NOW)).toBeNull();
    expect(financeOffer(vehicleWith("Manual", { interestRate: 0, comparisonRate: 0 }), siteFor("Manual"), NOW)).not.toBeNull();
  });

  it("is hidden on finance-hidden sites, dealerships and manufacturers", () => {
    const vehicle = vehicleWith("Manual");
    expect(financeOffer(vehicle, makeSite({ finance_provider: "Manual", features: { finance_hidden: true } }), NOW)).toBeNull();
    expect(
      financeOffer(vehicle, makeSite({ finance_provider: "Manual", features: { finance_hidden_dealerships: [1001] } }), NOW),
    ).toBeNull();
    expect(
      financeOffer(vehicle, makeSite({ finance_provider: "Manual", features: { finance_hidden_dealerships: [1002] } }), NOW),
    ).not.toBeNull();
    expect(
      financeOffer(vehicle, makeSite({ finance_provider: "Manual", features: { finance_hidden_manufacturers: ["toyota"] } }), NOW),
    ).toBeNull();
    expect(isFinanceHidden(vehicle, makeSite({ features: { finance_hidden_manufacturers: ["Nissan"] } }))).toBe(false);
  });

  it("finds lenders keyed by a slug of the provider name", () => {
    const vehicle = makeCorolla({ finance_lenders: { "360_finance": makeLender() } });
    expect(lenderFor(vehicle, "360 Finance")).not.toBeNull();
    expect(lenderFor(vehicle, "AusLoans")).toBeNull();
  });
});

describe("financeOffer — Taurus (spec 000 §5, §9)", () => {
  const site = siteFor("Taurus");

  it("needs a year newer than the current year minus 12 (2025 − 12 = 2013)", () => {
    expect(financeOffer(vehicleWith("Taurus", {}, { year: 2014 }), site, NOW)).not.toBeNull();
    expect(financeOffer(vehicleWith("Taurus", {}, { year: 2013 }), site, NOW)).toBeNull();
    expect(financeOffer(vehicleWith("Taurus", {}, { year: 2012 }), site, NOW)).toBeNull();
  });

  it("takes the current year from now", () => {
    const nextYear = Date.UTC(2026, 0, 1);
    expect(financeOffer(vehicleWith("Taurus", {}, { year: 2014 }), site, nextYear)).toBeNull();
    expect(financeOffer(vehicleWith("Taurus", {}, { year: 2015 }), site, nextYear)).not.toBeNull();
  });

  it("needs a price over 500", () => {
    expect(financeOffer(vehicleWith("Taurus", {}, { price: 501 }), site, NOW)).not.toBeNull();
    expect(financeOffer(vehicleWith("Taurus", {}, { price: 500 }), site, NOW)).toBeNull();
    expect(financeOffer(vehicleWith("Taurus", {}, { price: null }), site, NOW)).toBeNull();
  });

  it("needs available status", () => {
    expect(financeOffer(vehicleWith("Taurus", {}, { status: "coming_soon" }), site, NOW)).not.toBeNull();
    expect(financeOffer(vehicleWith("Taurus", {}, { status: "sold" }), site, NOW)).toBeNull();
  });

  it("writes the 10% deposit, $30,000 5-year comparison and 'Offer valid' one month ahead", () => {
    const offer = financeOffer(vehicleWith("Taurus", {}, { price: 25_990 }), site, NOW);
    expect(offer).toEqual({
      provider: "Taurus",
      interestRate: 8.99,
      comparisonRate: 9.49,
      payment: { amount: 112, frequency: "week", text: "$112" },
      termMonths: 60,
      balloon: null,
      deposit: 2599,
      disclaimer:
        "Based on a 10% deposit over 60 months at 8.99% p.a. Comparison rate 9.49% p.a. based on a $30,000 5-year secured loan. Offer valid until 15/07/2025.",
    });
  });

  it("formats the offer date for the site's locale", () => {
    const us = makeSite({ finance_provider: "Taurus", locale: "en-US" });
    expect(financeOffer(vehicleWith("Taurus"), us, NOW)?.disclaimer).toContain("Offer valid until 07/15/2025.");
  });
});

describe("financeOffer — 360 Finance and AusLoans need available status", () => {
  for (const provider of ["360 Finance", "AusLoans"] as const) {
    it(provider, () => {
      const site = siteFor(provider);
      const noPayment = { paymentWeek: null, paymentMonth: null };
      expect(financeOffer(vehicleWith(provider, noPayment, { price: 100 }), site, NOW)).toMatchObject({ provider, payment: null });
      expect(financeOffer(vehicleWith(provider, {}, { status: "coming_soon" }), site, NOW)).not.toBeNull();
      expect(financeOffer(vehicleWith(provider, {}, { status: "sold" }), site, NOW)).toBeNull();
    });
  }
});

describe("financeOffer — Manual, Angle and Powertorque need price over 500, available and a weekly payment", () => {
  for (const provider of ["Manual", "Angle", "Powertorque"] as const) {
    it(provider, () => {
      const site = siteFor(provider);
      expect(financeOffer(vehicleWith(provider, {}, { price: 501 }), site, NOW)?.payment).toEqual({
        amount: 112,
        frequency: "week",
        text: "$112",
      });
      expect(financeOffer(vehicleWith(provider, {}, { price: 500 }), site, NOW)).toBeNull();
      expect(financeOffer(vehicleWith(provider, {}, { status: "sold" }), site, NOW)).toBeNull();
      expect(financeOffer(vehicleWith(provider, { paymentWeek: null }), site, NOW)).toBeNull();
      expect(financeOffer(vehicleWith(provider, { paymentWeek: 0 }), site, NOW)).toBeNull();
    });
  }

  it("Angle shows a $0 final payment", () => {
    const offer = financeOffer(vehicleWith("Angle", { balloon: 5000 }), siteFor("Angle"), NOW);
    expect(offer?.balloon).toBe(0);
    expect(offer?.disclaimer).toBe(
      "Indicative repayment at 8.99% p.a. (comparison rate 9.49% p.a.), subject to lender approval. Fees and charges may apply. $0 final payment.",
    );
  });

  it("Angle's own disclaimer that already says '$0 final payment' is not given it a second time", () => {
    const disclaimer = "Indicative repayments over 5 years with a $0 final payment. Subject to Angle Finance lending criteria.";
    const offer = financeOffer(vehicleWith("Angle", { disclaimer }), siteFor("Angle"), NOW);
    expect(offer?.disclaimer).toBe(disclaimer);
    expect(offer?.disclaimer.match(/\$0 final payment/g)).toHaveLength(1);
  });

  it("uses the lender's own disclaimer when it has one", () => {
    const offer = financeOffer(vehicleWith("Manual", { disclaimer: "Terms apply." }), siteFor("Manual"), NOW);
    expect(offer?.disclaimer).toBe("Terms apply.");
  });
});

describe("financeOffer — Nissan Finance needs price over 500, available and a monthly payment", () => {
  const site = siteFor("Nissan Finance");

  it("shows the monthly payment", () => {
    expect(financeOffer(vehicleWith("Nissan Finance", {}, { price: 501 }), site, NOW)?.payment).toEqual({
      amount: 486,
      frequency: "month",
      text: "$486",
    });
  });

  it("is hidden at 500, when sold or without a monthly payment", () => {
    expect(financeOffer(vehicleWith("Nissan Finance", {}, { price: 500 }), site, NOW)).toBeNull();
    expect(financeOffer(vehicleWith("Nissan Finance", {}, { status: "sold" }), site, NOW)).toBeNull();
    expect(financeOffer(vehicleWith("Nissan Finance", { paymentMonth: null, paymentWeek: 100 }), site, NOW)).toBeNull();
  });
});

describe("financeOffer — Car Clarity (not in the spec: price over 500, available and some payment)", () => {
  const site = siteFor("Car Clarity");

  it("follows the strict common rule", () => {
    expect(financeOffer(vehicleWith("Car Clarity", { paymentWeek: null }, { price: 501 }), site, NOW)?.payment?.frequency).toBe("month");
    expect(financeOffer(vehicleWith("Car Clarity", {}, { price: 500 }), site, NOW)).toBeNull();
    expect(financeOffer(vehicleWith("Car Clarity", { paymentWeek: null, paymentMonth: null }), site, NOW)).toBeNull();
  });
});

describe("financeOffer — terms", () => {
  it("derives termMonths from termYears", () => {
    const offer = financeOffer(vehicleWith("Manual", { termMonths: null, termYears: 7 }), siteFor("Manual"), NOW);
    expect(offer?.termMonths).toBe(84);
  });
});

describe("oneMonthAhead", () => {
  it("moves to the same day next month, clamped to the month's end", () => {
    expect(oneMonthAhead(Date.UTC(2025, 5, 15))).toBe(Date.UTC(2025, 6, 15));
    expect(oneMonthAhead(Date.UTC(2025, 0, 31))).toBe(Date.UTC(2025, 1, 28));
    expect(oneMonthAhead(Date.UTC(2024, 0, 31))).toBe(Date.UTC(2024, 1, 29));
    expect(oneMonthAhead(Date.UTC(2025, 11, 20, 9))).toBe(Date.UTC(2026, 0, 20, 9));
  });
});

describe("financeCalculator (spec 001 §9)", () => {
  it("defaults to 10% interest and a 60-month term", () => {
    expect(financeCalculator({ price: 30_000 })).toEqual({
      principal: 30_000,
      weekly: 146.73,
      fortnightly: 293.68,
      monthly: 637.41,
    });
  });

  it("takes the deposit off the price and honours the balloon", () => {
    const noBalloon = financeCalculator({ price: 33_000, deposit: 3000, interestRate: 10, termMonths: 60 });
    expect(noBalloon.principal).toBe(30_000);
    expect(noBalloon.monthly).toBe(637.41);
    const withBalloon = financeCalculator({ price: 33_000, deposit: 3000, interestRate: 10, termMonths: 60, balloon: 10_000 });
    expect(withBalloon.monthly).toBe(508.27);
  });

  it("splits evenly at 0%", () => {
    expect(financeCalculator({ price: 12_000, interestRate: 0, termMonths: 12 })).toEqual({
      principal: 12_000,
      weekly: 230.77,
      fortnightly: 461.54,
      monthly: 1000,
    });
  });

  it("replaces NaN or negative inputs with their defaults", () => {
    const expected = financeCalculator({ price: 30_000 });
    expect(financeCalculator({ price: 30_000, deposit: -5, interestRate: Number.NaN, termMonths: -12, balloon: -1 })).toEqual(expected);
    expect(financeCalculator({ price: 30_000, termMonths: 0 })).toEqual(expected);
    expect(financeCalculator({ price: Number.NaN })).toEqual({ principal: 0, weekly: 0, fortnightly: 0, monthly: 0 });
    expect(financeCalculator({ price: -1 })).toEqual({ principal: 0, weekly: 0, fortnightly: 0, monthly: 0 });
  });

  it("never goes negative when the deposit or balloon covers the price", () => {
    expect(financeCalculator({ price: 10_000, deposit: 12_000 }).monthly).toBe(0);
    expect(financeCalculator({ price: 10_000, balloon: 50_000 }).monthly).toBe(0);
  });
});

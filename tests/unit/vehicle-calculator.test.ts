import { describe, expect, it } from "vitest";
import { calculatorMessages, readCalculator, type CalculatorDefaults } from "~/server/vehicle-page/calculator";
import { financeCalculator } from "~/server/stock/finance-calculator";

const defaults: CalculatorDefaults = { price: 30_000, deposit: 3_000, termMonths: 60, interestRate: null, balloon: null };
const read = (query: string, given = defaults) => readCalculator(new URLSearchParams(query), given, "en-AU");

describe("finance calculator GET form", () => {
  it("before a submit, without an offer rate: the vehicle's price, the deposit and term given, 10% interest, no result", () => {
    expect(read("")).toEqual({
      values: { price: "30000", deposit: "3000", rate: "10", term: "60", balloon: "0" },
      errors: {},
      result: null,
      terms: [12, 24, 36, 48, 60, 72, 84],
    });
  });

  it("starts from the offer's rate, term and balloon when there is one", () => {
    const view = read("", { price: 31_990, deposit: 3_199, termMonths: 48, interestRate: 7.09, balloon: 9_597 });
    expect(view.values).toEqual({ price: "31990", deposit: "3199", rate: "7.09", term: "48", balloon: "9597" });
  });

  it("offers the offer's own term when it is not one of the usual ones; nothing missing falls back to NaN", () => {
    const odd = read("", { price: 12_345.6, deposit: null, termMonths: 66, interestRate: null, balloon: null });
    expect(odd.values).toEqual({ price: "12346", deposit: "0", rate: "10", term: "66", balloon: "0" });
    expect(odd.terms).toEqual([12, 24, 36, 48, 60, 66, 72, 84]);
    expect(read("term=66", { ...defaults, termMonths: 66 }).errors).toEqual({});
    expect(read("term=66").errors).toEqual({ term: calculatorMessages.term });
    expect(read("", { ...defaults, termMonths: 61.5 }).values.term).toBe("60");
  });

  it("computes the result server-side from the submitted values", () => {
    const view = read("price=40000&deposit=5000&rate=7.5&term=48");
    const expected = financeCalculator({ price: 40_000, deposit: 5_000, interestRate: 7.5, termMonths: 48 });
    expect(view.errors).toEqual({});
    expect(view.result).toEqual({
      weekly: `$${expected.weekly.toLocaleString("en-AU", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
      fortnightly: `$${expected.fortnightly.toLocaleString("en-AU", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
      monthly: `$${expected.monthly.toLocaleString("en-AU", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
      principal: "$35,000",
    });
  });

  it("accepts $ and thousands separators; missing fields take their defaults", () => {
    const view = read("price=%2440%2C000");
    expect(view.errors).toEqual({});
    expect(view.result?.principal).toBe("$37,000");
  });

  it("rejects nonsense with field messages and no result (never NaN)", () => {
    const view = read("price=abc&deposit=-5&rate=200&term=7&balloon=x");
    expect(view.result).toBeNull();
    expect(view.errors).toEqual({
      price: calculatorMessages.price,
      deposit: calculatorMessages.deposit,
      rate: calculatorMessages.rate,
      term: calculatorMessages.term,
      balloon: calculatorMessages.balloon,
    });
    expect(JSON.stringify(view)).not.toMatch(/NaN|undefined/);
  });

  it("a deposit above the price, or a balloon above the amount borrowed, is an error", () => {
    expect(read("price=1000&deposit=2000").errors).toEqual({ deposit: calculatorMessages.deposit });
    expect(read("price=10000&deposit=2000&balloon=8001").errors).toEqual({ balloon: calculatorMessages.balloon });
    expect(read("price=10000&deposit=2000&balloon=8000").errors).toEqual({});
  });

  it("keeps a long hostile value short when echoing it back", () => {
    expect(read(`price=${"9".repeat(5000)}`).values.price.length).toBeLessThanOrEqual(40);
  });
});

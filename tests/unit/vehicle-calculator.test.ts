import { describe, expect, it } from "vitest";
import { calculatorMessages, readCalculator, type CalculatorDefaults } from "../../app/components/vehicle/calculator.server";
import { financeCalculator } from "../../server/stock/finance-calculator";

const defaults: CalculatorDefaults = { price: 30_000, deposit: 3_000, termMonths: 60 };
const read = (query: string, given = defaults) => readCalculator(new URLSearchParams(query), given, "en-AU");

describe("finance calculator GET form", () => {
  it("before a submit: the vehicle's price, the offer's deposit and term, 10% interest, no result", () => {
    expect(read("")).toEqual({ values: { price: "30000", deposit: "3000", rate: "10", term: "60" }, errors: {}, result: null });
  });

  it("an unknown offer term falls back to 60 months and a missing deposit to 0", () => {
    expect(read("", { price: 12_345.6, deposit: null, termMonths: 61 }).values).toEqual({ price: "12346", deposit: "0", rate: "10", term: "60" });
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
    const view = read("price=abc&deposit=-5&rate=200&term=7");
    expect(view.result).toBeNull();
    expect(view.errors).toEqual({
      price: calculatorMessages.price,
      deposit: calculatorMessages.deposit,
      rate: calculatorMessages.rate,
      term: calculatorMessages.term,
    });
    expect(JSON.stringify(view)).not.toMatch(/NaN|undefined/);
  });

  it("a deposit above the price is an error", () => {
    expect(read("price=1000&deposit=2000").errors).toEqual({ deposit: calculatorMessages.deposit });
  });

  it("keeps a long hostile value short when echoing it back", () => {
    expect(read(`price=${"9".repeat(5000)}`).values.price.length).toBeLessThanOrEqual(40);
  });
});

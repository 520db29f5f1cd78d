import { describe, expect, it } from "vitest";
import {
  distanceInUnit,
  distanceToKm,
  formatDate,
  formatDistance,
  formatMoney,
  formatNumber,
  formatPercent,
  telHref,
} from "~/server/lib/format";
import { BRITISH_FORMS, financeWords, localiseText } from "~/server/lib/spelling";
import { countOf, plural, pluralise } from "~/server/lib/plural";
import { formatCount } from "~/server/lib/format";
import { itMaps } from "../fixtures/table-tests";

describe("formatMoney (spec 000 §5)", () => {
  it("writes whole dollars with thousands separators and a bare $ for every locale", () => {
    expect(formatMoney(12_990, "en-AU")).toBe("$12,990");
    expect(formatMoney(12_990, "en-NZ")).toBe("$12,990");
    expect(formatMoney(12_990, "en-US")).toBe("$12,990");
    expect(formatMoney(1_234_567, "en-AU")).toBe("$1,234,567");
  });

  it("shows $0 for null and for non-numbers", () => {
    expect(formatMoney(null, "en-AU")).toBe("$0");
    expect(formatMoney(Number.NaN, "en-AU")).toBe("$0");
    expect(formatMoney(Number.POSITIVE_INFINITY, "en-AU")).toBe("$0");
  });

  it("rounds to whole dollars", () => {
    expect(formatMoney(12_990.4, "en-AU")).toBe("$12,990");
    expect(formatMoney(12_990.5, "en-AU")).toBe("$12,991");
    expect(formatMoney(999.6, "en-AU")).toBe("$1,000");
  });

  it("has a two-decimal variant", () => {
    expect(formatMoney(12_990, "en-AU", { cents: true })).toBe("$12,990.00");
    expect(formatMoney(89.456, "en-AU", { cents: true })).toBe("$89.46");
    expect(formatMoney(null, "en-US", { cents: true })).toBe("$0.00");
  });

  it("puts the sign before the $", () => {
    expect(formatMoney(-1500, "en-AU")).toBe("-$1,500");
    expect(formatMoney(-0.2, "en-AU")).toBe("$0");
  });
});

describe("formatNumber and formatPercent", () => {
  it("groups thousands", () => {
    expect(formatNumber(12_345, "en-AU")).toBe("12,345");
    expect(formatNumber(999, "en-US")).toBe("999");
    expect(formatNumber(null, "en-NZ")).toBe("0");
    expect(formatNumber(1.5, "en-AU", 2)).toBe("1.50");
  });

  it("writes every whole number under a thousand as Intl does, in each locale", () => {
    for (const locale of ["en-AU", "en-NZ", "en-US"] as const) {
      const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
      for (const value of [-999, -1, -0, 0, 1, 7, 42, 999, 999.4, 999.6, 1000, -1000, 0.5, -0.4]) {
        expect(formatNumber(value, locale), `${locale} ${value}`).toBe(intl.format(value));
      }
      for (let value = -999; value < 1000; value++) expect(formatNumber(value, locale)).toBe(intl.format(value));
    }
  });

  it("writes rates with two decimals", () => {
    expect(formatPercent(8.99, "en-AU")).toBe("8.99%");
    expect(formatPercent(10, "en-AU")).toBe("10.00%");
  });
});

describe("formatters are built once per locale and precision", () => {
  it("formats a thousand prices without building a thousand Intl.NumberFormat objects", () => {
    const original = Intl.NumberFormat;
    let built = 0;
    Intl.NumberFormat = new Proxy(original, {
      construct(target, args: ConstructorParameters<typeof Intl.NumberFormat>) {
        built += 1;
        return new target(...args);
      },
    });
    try {
      for (let i = 0; i < 1000; i++) {
        formatMoney(i * 1_000, "en-NZ");
        formatMoney(i, "en-NZ", { cents: true });
        formatPercent(i / 10, "en-NZ");
      }
    } finally {
      Intl.NumberFormat = original;
    }
    // at most one per precision (0 and 2 decimals) for this locale, whatever ran before
    expect(built).toBeLessThanOrEqual(2);
    expect(formatMoney(1_234_567, "en-NZ")).toBe("$1,234,567");
    expect(formatMoney(89.456, "en-NZ", { cents: true })).toBe("$89.46");
  });

  it("keeps locales and precisions apart", () => {
    expect(formatNumber(1234.5, "en-US", 1)).toBe("1,234.5");
    expect(formatNumber(1234.5, "en-US", 0)).toBe("1,235");
    expect(formatNumber(1234.5, "en-AU", 2)).toBe("1,234.50");
  });
});

describe("telHref (spec 000 §2 tel: links)", () => {
  itMaps(telHref, {
    "keeps the digits and a leading +": [
      ["(02) 5550 1200", "tel:0255501200"],
      ["+61 2 5550 1200", "tel:+61255501200"],
      ["(608) 555-0134", "tel:6085550134"],
      ["09 555 0142", "tel:095550142"],
    ],
  });

  it("drops a + that is not the first character, and gives null without digits", () => {
    expect(telHref("1300 + 555")).toBe("tel:1300555");
    expect(telHref("")).toBeNull();
    expect(telHref("Call us")).toBeNull();
    expect(telHref("+")).toBeNull();
  });
});

describe("distanceInUnit and distanceToKm (spec 000 §1: km, miles on US sites)", () => {
  it("converts km to whole miles and back at 1.609344 km per mile", () => {
    expect(distanceInUnit(12_345, "mi")).toBe(7_671);
    expect(distanceInUnit(12_345.4, "km")).toBe(12_345);
    expect(distanceToKm(50_000, "mi")).toBeCloseTo(80_467.2, 6);
    expect(distanceToKm(50_000, "km")).toBe(50_000);
  });
});

describe("formatDistance (spec 000 §1: km, miles on US sites)", () => {
  it("writes kilometres", () => {
    expect(formatDistance(12_345, { distance_unit: "km", locale: "en-AU" })).toBe("12,345 km");
    expect(formatDistance(0, { distance_unit: "km", locale: "en-AU" })).toBe("0 km");
  });

  it("converts to miles at 1.609344 km per mile, rounded", () => {
    expect(formatDistance(12_345, { distance_unit: "mi", locale: "en-US" })).toBe("7,671 mi");
    expect(formatDistance(1.609344, { distance_unit: "mi", locale: "en-US" })).toBe("1 mi");
  });

  it("gives null for a missing odometer", () => {
    expect(formatDistance(null, { distance_unit: "km", locale: "en-AU" })).toBeNull();
  });
});

describe("formatDate", () => {
  const day = Date.UTC(2025, 6, 4, 12);

  it("writes dd/mm/yyyy for en-AU and en-NZ", () => {
    expect(formatDate(day, "en-AU")).toBe("04/07/2025");
    expect(formatDate(day, "en-NZ")).toBe("04/07/2025");
  });

  it("writes mm/dd/yyyy for en-US", () => {
    expect(formatDate(day, "en-US")).toBe("07/04/2025");
  });

  it("uses the UTC calendar day", () => {
    expect(formatDate(Date.UTC(2025, 0, 31, 23, 59, 59), "en-AU")).toBe("31/01/2025");
    expect(formatDate(Date.UTC(2025, 1, 1, 0, 0, 0), "en-AU")).toBe("01/02/2025");
  });
});

const onUsSites = (text: string) => localiseText(text, "en-US");

describe("localiseText: Australian words on US sites", () => {
  itMaps(onUsSites, {
    "swaps Rego, ute, petrol and ULP, keeping the case": [
      ["Rego", "License plate"],
      ["Ute", "Pickup"],
      ["Utes for Sale", "Pickups for Sale"],
      ["Petrol - Unleaded ULP", "Gasoline - Regular"],
      ["Hybrid (Petrol/Electric)", "Hybrid (Gasoline/Electric)"],
      ["General Enquiry", "General Inquiry"],
    ],
  });

  it("keeps Rego on en-AU", () => {
    expect(localiseText("Rego", "en-AU")).toBe("Rego");
  });

  it("US finance words: APR, down payment, no comparison rate", () => {
    expect(financeWords("en-US")).toEqual({ interestRate: "APR", comparisonRate: null, deposit: "Down payment", perAnnum: "" });
    expect(financeWords("en-AU").comparisonRate).toBe("Comparison rate");
  });

  it("BRITISH_FORMS finds what the walk must not see, and nothing in US text", () => {
    for (const text of ["Enquire for price.", "Submit an enquiry", "Rego", "Ute", "Petrol", "3.00% p.a.", "Comparison rate", "Colour"]) {
      expect(BRITISH_FORMS.test(text), text).toBe(true);
    }
    expect(BRITISH_FORMS.test("Inquire for price. License plate Pickup Gasoline APR Color computers route")).toBe(false);
  });
});

describe("localiseText (spec 001 §9: US spelling swaps)", () => {
  itMaps(onUsSites, {
    "swaps British spellings on en-US sites, keeping case": [
      ["Enquire for price.", "Inquire for price."],
      ["Submit an enquiry", "Submit an inquiry"],
      ["ENQUIRE NOW", "INQUIRE NOW"],
      ["Colour: white, new tyres", "Color: white, new tires"],
      ["Service Centre", "Service Center"],
      ["My favourites", "My favorites"],
      ["Driver licence", "Driver license"],
      ["Organise a catalogue of aluminium wheels", "Organize a catalog of aluminum wheels"],
      ["Previous enquiries", "Previous inquiries"],
    ],
  });

  it("leaves words that only contain a stem alone", () => {
    expect(localiseText("Tyrell Motors, kilometres", "en-US")).toBe("Tyrell Motors, kilometers");
    // A ute is a pickup to a US shopper.
    expect(localiseText("Ute colourways", "en-US")).toBe("Pickup colorways");
  });

  it("keeps the text as written on en-AU and en-NZ", () => {
    expect(localiseText("Enquire for price.", "en-AU")).toBe("Enquire for price.");
    expect(localiseText("Colour", "en-NZ")).toBe("Colour");
  });
});

describe("pluralise (spec 000 §9 plural rules)", () => {
  itMaps(plural, {
    "knows bus, hatch, SUV and utility": [
      ["bus", "buses"],
      ["Bus", "Buses"],
      ["hatch", "hatches"],
      ["SUV", "SUVs"],
      ["utility", "utilities"],
      ["Utility", "Utilities"],
    ],
    "pluralises the last word of a phrase; chassis stays chassis": [
      ["School Bus", "School Buses"],
      ["People Mover", "People Movers"],
      ["Cab Chassis", "Cab Chassis"],
      ["CHASSIS", "CHASSIS"],
    ],
    "adds s otherwise": [
      ["car", "cars"],
      ["Sedan", "Sedans"],
      ["UTE", "UTES"],
    ],
  });

  it("uses the singular only for a count of one", () => {
    expect(pluralise("car", 1)).toBe("car");
    expect(pluralise("car", 0)).toBe("cars");
    expect(pluralise("car", 2)).toBe("cars");
    expect(pluralise("SUV", 21)).toBe("SUVs");
    expect(pluralise("bus", 1)).toBe("bus");
  });
});

describe("formatCount and countOf (one rule for every count a visitor or operator reads)", () => {
  it("writes whole counts with separators and the word in the number it needs", () => {
    expect(formatCount(1204)).toBe("1,204");
    expect(formatCount(Number.NaN)).toBe("0");
    expect(countOf(1, "day")).toBe("1 day");
    expect(countOf(0, "review")).toBe("0 reviews");
    expect(countOf(2890, "review")).toBe("2,890 reviews");
    expect(countOf(2, "Hatch")).toBe("2 Hatches");
  });
});

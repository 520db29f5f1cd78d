import { describe, expect, it } from "vitest";
import { isPromoActive, orderPromos, promoMatchesCarTypes, promoShuffleSeed, shownPromos } from "~/server/content/promos";
import { promoSchema, type Promo } from "~/server/tenants/home-files";

const promo = (fields: Partial<Promo> & { id: string }): Promo => promoSchema.parse({ image: "/x.png", alt: "", ...fields });
const at = (iso: string) => Date.parse(iso);

describe("promo window (spec 001 §4)", () => {
  it("with only a start: active from it on", () => {
    const card = promo({ id: "a", start: "2026-11-10T00:00:00Z" });
    expect(isPromoActive(card, at("2026-11-09T23:59:59Z"))).toBe(false);
    expect(isPromoActive(card, at("2026-11-10T00:00:00Z"))).toBe(true);
  });

  it("with only an expiry: active before it", () => {
    const card = promo({ id: "a", expiry: "2026-11-30" });
    expect(isPromoActive(card, at("2026-11-29T23:59:59Z"))).toBe(true);
    expect(isPromoActive(card, at("2026-11-30T00:00:00Z"))).toBe(false);
  });

  it("with both: active between them; with neither: always", () => {
    const card = promo({ id: "a", start: "2026-11-10", expiry: "2026-11-20" });
    expect(isPromoActive(card, at("2026-11-09T12:00:00Z"))).toBe(false);
    expect(isPromoActive(card, at("2026-11-15T12:00:00Z"))).toBe(true);
    expect(isPromoActive(card, at("2026-11-21T00:00:00Z"))).toBe(false);
    expect(isPromoActive(promo({ id: "b" }), 0)).toBe(true);
  });
});

describe("promo car-type filter (spec 001 §4)", () => {
  const open = promo({ id: "open" });
  const usedOnly = promo({ id: "used", display: ["used"] });
  const strictNew = promo({ id: "strict-new", display: ["new"], strictDisplay: true });

  it("with none of new/used/demo chosen only non-strict cards show", () => {
    expect([open, usedOnly, strictNew].filter((card) => promoMatchesCarTypes(card, []))).toEqual([open, usedOnly]);
  });

  it("otherwise cards with no display list or a matching one", () => {
    expect([open, usedOnly, strictNew].filter((card) => promoMatchesCarTypes(card, ["new"]))).toEqual([open, strictNew]);
    expect([open, usedOnly, strictNew].filter((card) => promoMatchesCarTypes(card, ["used", "demo"]))).toEqual([open, usedOnly]);
  });
});

describe("promo order (spec 001 §4)", () => {
  const cards = [
    promo({ id: "p2", position: 2 }),
    promo({ id: "free-a" }),
    promo({ id: "p1", position: 1 }),
    promo({ id: "free-b" }),
    promo({ id: "free-c" }),
    promo({ id: "free-d" }),
  ];

  it("cards with a position come first, in position order", () => {
    expect(
      orderPromos(cards, "s")
        .slice(0, 2)
        .map((card) => card.id),
    ).toEqual(["p1", "p2"]);
  });

  it("the others are shuffled the same way all day, whatever the file's order", () => {
    const day = promoShuffleSeed("harbourside", at("2026-11-23T01:00:00Z"));
    expect(day).toBe(promoShuffleSeed("harbourside", at("2026-11-23T23:00:00Z")));
    const once = orderPromos(cards, day).map((card) => card.id);
    expect(orderPromos([...cards].reverse(), day).map((card) => card.id)).toEqual(once);
    expect(once.slice(2).sort()).toEqual(["free-a", "free-b", "free-c", "free-d"]);
  });

  it("another day may deal the others differently", () => {
    const orders = new Set(
      Array.from({ length: 10 }, (_, i) =>
        orderPromos(cards, promoShuffleSeed("harbourside", at("2026-11-01") + i * 86_400_000))
          .map((c) => c.id)
          .join(),
      ),
    );
    expect(orders.size).toBeGreaterThan(1);
  });

  it("shownPromos applies the window, the filter and the order together", () => {
    const now = at("2026-11-23T10:00:00Z");
    const shown = shownPromos(
      [
        promo({ id: "expired", expiry: "2026-11-01" }),
        promo({ id: "strict", strictDisplay: true, display: ["new"] }),
        promo({ id: "first", position: 0 }),
      ],
      { now, carTypes: [], seed: "x" },
    );
    expect(shown.map((card) => card.id)).toEqual(["first"]);
  });

  it("a card that links somewhere always has a button (its own words, else 'Find out more'); one without a link has none", () => {
    const now = at("2026-11-23T10:00:00Z");
    const shown = shownPromos(
      [
        promo({ id: "a", position: 0, href: "/finance", cta: "Get a quote", text: "Fixed rates, approved in a day." }),
        promo({ id: "b", position: 1, href: "/service" }),
        promo({ id: "c", position: 2, cta: "Ignored without a link" }),
      ],
      { now, carTypes: [], seed: "x" },
    );
    expect(shown.map(({ id, cta, text }) => ({ id, cta, text }))).toEqual([
      { id: "a", cta: "Get a quote", text: "Fixed rates, approved in a day." },
      { id: "b", cta: "Find out more", text: null },
      { id: "c", cta: null, text: null },
    ]);
  });

  it("the card's line and button stay short (140 and 40 characters)", () => {
    expect(() => promo({ id: "long", text: "x".repeat(141) })).toThrow();
    expect(() => promo({ id: "long", cta: "x".repeat(41) })).toThrow();
  });
});

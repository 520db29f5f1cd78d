import { describe, expect, it } from "vitest";
import { groupLocations, orderedLocations, sameLocation } from "~/server/content/locations";
import { makeLocation } from "../fixtures/tenant";

describe("location ordering (spec 001 §9: sales, service, parts)", () => {
  it("orders by type, then position, with untyped locations last", () => {
    const list = [
      makeLocation(1, "parts", 1),
      makeLocation(2, "", 1),
      makeLocation(3, "service", 2),
      makeLocation(4, "sales", 9),
      makeLocation(5, "service", 1),
      makeLocation(6, "sales", 3),
    ];
    expect(orderedLocations(list).map((l) => l.id)).toEqual([6, 4, 5, 3, 1, 2]);
  });

  it("leaves hidden locations out", () => {
    expect(orderedLocations([makeLocation(1, "sales", 1, { visible: false }), makeLocation(2, "service", 1)]).map((l) => l.id)).toEqual([
      2,
    ]);
  });

  it("groups by type in the same order, without empty groups", () => {
    const groups = groupLocations([makeLocation(1, "parts", 1), makeLocation(2, "sales", 1)]);
    expect(groups.map((g) => [g.type, g.locations.map((l) => l.id)])).toEqual([
      ["sales", [2]],
      ["parts", [1]],
    ]);
  });
});

describe("location dedupe (spec 001 §9: digits-only phone and street, or place_id)", () => {
  it("treats the same phone digits at the same street as one place", () => {
    const a = makeLocation(1, "sales", 1, { phone: "(02) 5550-1200", street: "512 Parramatta Road" });
    const b = makeLocation(2, "service", 1, { phone: "02 5550 1200", street: " 512  parramatta road " });
    expect(sameLocation(a, b)).toBe(true);
    expect(orderedLocations([b, a]).map((l) => l.id)).toEqual([1]);
  });

  it("keeps the same street with a different phone, and the same phone at another street", () => {
    const a = makeLocation(1, "sales", 1, { phone: "(608) 555-0134", street: "4410 East Washington Avenue" });
    const b = makeLocation(2, "service", 1, { phone: "(608) 555-0135", street: "4410 East Washington Avenue" });
    const c = makeLocation(3, "parts", 1, { phone: "(608) 555-0134", street: "12 Other Street" });
    expect(orderedLocations([a, b, c]).map((l) => l.id)).toEqual([1, 2, 3]);
  });

  it("treats a shared place_id as one place whatever the phone and street", () => {
    const a = makeLocation(1, "service", 1, { place_id: "ChIJ123" });
    const b = makeLocation(2, "sales", 1, { place_id: "ChIJ123" });
    expect(orderedLocations([a, b]).map((l) => l.id)).toEqual([2]);
  });

  it("never matches two locations on a missing place_id or an empty phone", () => {
    const a = makeLocation(1, "sales", 1, { place_id: null, phone: "", street: "1 Main St" });
    const b = makeLocation(2, "sales", 2, { place_id: null, phone: "", street: "1 Main St" });
    expect(orderedLocations([a, b]).map((l) => l.id)).toEqual([1, 2]);
  });
});

import { describe, expect, it } from "vitest";
import { groupLocations, orderedLocations, sameLocation } from "~/server/content/locations";
import type { Location } from "~/server/tenants/schema";
import { makeTenant } from "../fixtures/tenant";

const template = makeTenant().site.locations[0]!;

function location(
  id: number,
  type: Location["location_type"],
  position: number,
  extra: { phone?: string; street?: string; place_id?: string | null; visible?: boolean } = {},
): Location {
  return {
    ...template,
    id,
    name: `Location ${id}`,
    location_type: type,
    position,
    visible: extra.visible ?? true,
    contact_detail: { ...template.contact_detail, phone: extra.phone ?? `02 9000 00${String(id).padStart(2, "0")}` },
    address: { ...template.address, street: extra.street ?? `${id} Main St`, place_id: extra.place_id ?? null },
  };
}

describe("location ordering (spec 001 §9: sales, service, parts)", () => {
  it("orders by type, then position, with untyped locations last", () => {
    const list = [
      location(1, "parts", 1),
      location(2, "", 1),
      location(3, "service", 2),
      location(4, "sales", 9),
      location(5, "service", 1),
      location(6, "sales", 3),
    ];
    expect(orderedLocations(list).map((l) => l.id)).toEqual([6, 4, 5, 3, 1, 2]);
  });

  it("leaves hidden locations out", () => {
    expect(orderedLocations([location(1, "sales", 1, { visible: false }), location(2, "service", 1)]).map((l) => l.id)).toEqual([2]);
  });

  it("groups by type in the same order, without empty groups", () => {
    const groups = groupLocations([location(1, "parts", 1), location(2, "sales", 1)]);
    expect(groups.map((g) => [g.type, g.locations.map((l) => l.id)])).toEqual([
      ["sales", [2]],
      ["parts", [1]],
    ]);
  });
});

describe("location dedupe (spec 001 §9: digits-only phone and street, or place_id)", () => {
  it("treats the same phone digits at the same street as one place", () => {
    const a = location(1, "sales", 1, { phone: "(02) 5550-1200", street: "512 Parramatta Road" });
    const b = location(2, "service", 1, { phone: "02 5550 1200", street: " 512  parramatta road " });
    expect(sameLocation(a, b)).toBe(true);
    expect(orderedLocations([b, a]).map((l) => l.id)).toEqual([1]);
  });

  it("keeps the same street with a different phone, and the same phone at another street", () => {
    const a = location(1, "sales", 1, { phone: "(608) 555-0134", street: "4410 East Washington Avenue" });
    const b = location(2, "service", 1, { phone: "(608) 555-0135", street: "4410 East Washington Avenue" });
    const c = location(3, "parts", 1, { phone: "(608) 555-0134", street: "12 Other Street" });
    expect(orderedLocations([a, b, c]).map((l) => l.id)).toEqual([1, 2, 3]);
  });

  it("treats a shared place_id as one place whatever the phone and street", () => {
    const a = location(1, "service", 1, { place_id: "ChIJ123" });
    const b = location(2, "sales", 1, { place_id: "ChIJ123" });
    expect(orderedLocations([a, b]).map((l) => l.id)).toEqual([2]);
  });

  it("never matches two locations on a missing place_id or an empty phone", () => {
    const a = location(1, "sales", 1, { place_id: null, phone: "", street: "1 Main St" });
    const b = location(2, "sales", 2, { place_id: null, phone: "", street: "1 Main St" });
    expect(orderedLocations([a, b]).map((l) => l.id)).toEqual([1, 2]);
  });
});

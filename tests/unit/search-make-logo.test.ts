import { describe, expect, it } from "vitest";
import { parseManufacturer } from "~/server/brands/manufacturer-data";
import { imageUrl } from "~/server/images/image-url";
import { brandMenu, lettermarkSrc, makeLogoSrc } from "~/server/search/make-logo";
import { makeTiles } from "~/server/search/tiles";
import { emptySearchState } from "~/server/search/transitions";
import { makeTenant } from "../fixtures/tenant";

const OWN_TOYOTA = "/tenant-assets/toyota-logo.png";
const CDN_MAZDA = "https://cdn.dealer.example/mazda.png";

// spec 001 §3 manufacturer list items: logo.url is nullable.
const tenant = makeTenant({
  image_hosts: ["cdn.dealer.example"],
  manufacturers: [
    { id: 1, name: "Toyota", slug: "toyota", logo: { url: OWN_TOYOTA } },
    { id: 2, name: "Mazda", slug: "mazda", logo: { url: CDN_MAZDA } },
    { id: 3, name: "Hyundai", slug: "hyundai", logo: { url: null } },
    { id: 4, name: "Kia", slug: "kia", logo: { url: "https://elsewhere.example/kia.png" } },
  ],
});

describe("make logos (spec 000 §2 make tiles, spec 001 §3 logo.url)", () => {
  it("use the tenant's logo through the image optimiser, and the lettermark where it has none or one the page could not load", () => {
    expect(makeLogoSrc(tenant, "Toyota")).toBe(imageUrl(OWN_TOYOTA, 160));
    expect(makeLogoSrc(tenant, "mazda")).toBe(imageUrl(CDN_MAZDA, 160));
    expect(makeLogoSrc(tenant, "Hyundai")).toBe("/images/makes/hyundai.svg");
    // A host outside image_hosts would be refused by the optimiser: the initials stand in.
    expect(makeLogoSrc(tenant, "Kia")).toBe("/images/makes/kia.svg");
    expect(makeLogoSrc(makeTenant(), "Toyota")).toBe("/images/makes/toyota.svg");
    expect(makeLogoSrc(tenant, "Proton")).toBeNull();
  });

  it("prefer the manufacturer call's logo, and drop a logo that is no image address", () => {
    expect(makeLogoSrc(tenant, "Toyota", "https://cdn.dealer.example/toyota-2027.png")).toBe(
      imageUrl("https://cdn.dealer.example/toyota-2027.png", 160),
    );
    expect(makeLogoSrc(tenant, "Hyundai", "javascript:alert(1)")).toBe("/images/makes/hyundai.svg");
    expect(lettermarkSrc("Isuzu Ute")).toBe("/images/makes/isuzu.svg");
  });

  it("reach the make tiles", () => {
    expect(
      makeTiles({ distribution: { Toyota: 3, Hyundai: 2 }, from: emptySearchState(tenant) }, tenant).map((tile) => tile.image),
    ).toEqual([imageUrl(OWN_TOYOTA, 160), "/images/makes/hyundai.svg"]);
  });

  it("are read from the manufacturer call's logo.url", () => {
    expect(parseManufacturer({ name: "Jeep", logo: { url: CDN_MAZDA }, models: [] }).logoUrl).toBe(CDN_MAZDA);
    expect(parseManufacturer({ name: "Jeep", logo: { url: null }, models: [] }).logoUrl).toBeNull();
    expect(parseManufacturer({ name: "Jeep", logo: "mazda.png", models: [] }).logoUrl).toBeNull();
    expect(parseManufacturer({ name: "Jeep", models: [] }).logoUrl).toBeNull();
  });
});

describe("the brand menu (spec 001 §2: items carry name, url, logo)", () => {
  it("shows each item's logo: its own, else its make's (tenant logo over a configured lettermark), else none", () => {
    const header = [
      { label: "Home", url: "/" },
      {
        label: "New Cars",
        url: "/search/new-cars",
        children: [
          { label: "Toyota", url: "/search/toyota", logo: "/images/makes/toyota.svg" },
          { label: "Hyundai", url: "/search/hyundai" },
          { label: "Mazda range", url: "/brands/mazda/" },
          { label: "Our own brand", url: "/pages/specials", logo: "https://cdn.dealer.example/house.png" },
          { label: "Demo cars", url: "/search/demo-cars" },
          { label: "Elsewhere", url: "/search/kia", logo: "https://elsewhere.example/x.png" },
        ],
      },
    ];
    const [home, cars] = brandMenu(header, tenant);
    expect(home).toEqual({ label: "Home", url: "/" });
    expect(cars?.children?.map((child) => child.logo)).toEqual([
      imageUrl(OWN_TOYOTA, 160),
      "/images/makes/hyundai.svg",
      imageUrl(CDN_MAZDA, 160),
      imageUrl("https://cdn.dealer.example/house.png", 160),
      undefined,
      "/images/makes/kia.svg",
    ]);
  });
});

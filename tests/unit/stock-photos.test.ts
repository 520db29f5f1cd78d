import { describe, expect, it } from "vitest";
import { cardView } from "~/server/stock/card-view";
import { cardPhoto, isPlaceholderImage, vehiclePhotos } from "~/server/stock/photos";
import type { Vehicle } from "~/server/stock/vehicle";
import { vehicleCard } from "~/server/vehicle-page/view";
import { makeTenant } from "../fixtures/tenant";
import { vehiclePage } from "../fixtures/vehicle-page";
import { fixtureNow, makeVehicle } from "../fixtures/vehicles";

const tenant = makeTenant();
const images = (...urls: string[]) => urls.map((url) => ({ image: { url } }));

describe("isPlaceholderImage (spec 000 §2: a placeholder image counts as no photo)", () => {
  it.each([
    "https://cdn.example/stock/placeholder.jpg",
    "https://cdn.example/no-image.png",
    "https://cdn.example/img/NoImage.gif?w=640",
    "https://cdn.example/no_photo_available.jpg",
    "/images/image-coming-soon.png",
    "https://cdn.example/photos-coming-soon.jpg",
    "https://cdn.example/awaiting-photos.png",
    "https://cdn.example/Image%20Not%20Available.jpg",
  ])("%s is a placeholder", (url) => {
    expect(isPlaceholderImage(url)).toBe(true);
  });

  it.each([
    "https://cdn.example/stock/2021-toyota-hilux-1.jpg",
    "/demo-images/toyota-ute-1.svg",
    "https://cdn.example/placeholder-dealer/2021-mazda-cx-5.jpg",
    "https://cdn.example/photo.jpg?fallback=no-image.png",
  ])("%s is a photo", (url) => {
    expect(isPlaceholderImage(url)).toBe(false);
  });
});

describe("vehiclePhotos", () => {
  it("keeps the gallery in order, else the primary image", () => {
    expect(vehiclePhotos({ images: images("/a.jpg", "/b.jpg"), primary_image_url: "/a.jpg", photos_count: 2 })).toEqual([
      "/a.jpg",
      "/b.jpg",
    ]);
    expect(vehiclePhotos({ images: [], primary_image_url: "/p.jpg", photos_count: 1 })).toEqual(["/p.jpg"]);
  });

  it("drops blanks and placeholders, and has none when the feed counts none", () => {
    expect(vehiclePhotos({ images: images(" ", "/no-image.png"), primary_image_url: null, photos_count: 1 })).toEqual([]);
    expect(
      vehiclePhotos({ images: images("/placeholder.jpg", "/real.jpg"), primary_image_url: "/placeholder.jpg", photos_count: 2 }),
    ).toEqual(["/real.jpg"]);
    expect(vehiclePhotos({ images: [], primary_image_url: "/coming-soon.jpg", photos_count: 1 })).toEqual([]);
    expect(vehiclePhotos({ images: images("/a.jpg"), primary_image_url: "/a.jpg", photos_count: 0 })).toEqual([]);
  });
});

describe("one photo rule on every surface", () => {
  const surfaces = (vehicle: Vehicle) => {
    const page = vehiclePage(tenant, vehicle, { similar: [vehicle] });
    return {
      search: cardView(vehicle, tenant.site, fixtureNow, "/search/used-cars").image,
      similar: page.similar[0]!.image,
      notFound: vehicleCard(vehicle, tenant.site).image,
      gallery: page.images[0] ?? null,
      rule: cardPhoto(vehicle),
    };
  };

  it.each([
    [
      "a placeholder primary image",
      { primary_image_url: "https://cdn.example/no-image.jpg", images: images("https://cdn.example/no-image.jpg"), photos_count: 1 },
      null,
    ],
    ["a primary image but a photo count of 0", { primary_image_url: "https://cdn.example/a.jpg", images: [], photos_count: 0 }, null],
    [
      "a placeholder first, then a photo",
      {
        primary_image_url: "https://cdn.example/placeholder.png",
        images: images("https://cdn.example/placeholder.png", "https://cdn.example/b.jpg"),
        photos_count: 2,
      },
      "https://cdn.example/b.jpg",
    ],
    [
      "photos",
      { primary_image_url: "https://cdn.example/a.jpg", images: images("https://cdn.example/a.jpg"), photos_count: 1 },
      "https://cdn.example/a.jpg",
    ],
  ] as const)("%s: search card, similar vehicles, the not-found page and the gallery agree", (_name, overrides, expected) => {
    const vehicle = makeVehicle({ ...overrides, images: [...overrides.images] });
    expect(surfaces(vehicle)).toEqual({ search: expected, similar: expected, notFound: expected, gallery: expected, rule: expected });
    expect(cardView(vehicle, tenant.site, fixtureNow, "/s").links.requestPhotos === null).toBe(expected !== null);
  });
});

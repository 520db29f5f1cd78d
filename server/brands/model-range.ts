import { isAvailable } from "~/server/stock/availability";
import { cardPhoto } from "~/server/stock/photos";
import type { Vehicle } from "~/server/stock/vehicle";
import { slugify } from "~/server/lib/slug";
import type { ManufacturerData } from "./manufacturer-data";
import { PRICE_SHOWN_ABOVE } from "~/server/stock/price-display";

/** One model on a brand page: image, from-price, in-stock count, and where it links. */
export type RangeModel = {
  name: string;
  slug: string;
  image: string | null;
  /** The manufacturer's from-price, else the lowest price shown in stock (spec 000 §5: over 10), else null. */
  fromPrice: number | null;
  inStock: number;
  searchHref: string;
  pageHref: string;
};

/**
 * The model range of one make. With manufacturer data (build_model_pages), its models in its order,
 * each with the stock count; models only in stock follow. Without it, the range is built from stock alone,
 * models by name. Counts are available vehicles (spec 000 §4).
 */
export function modelRange(makeSlug: string, vehicles: readonly Vehicle[], manufacturer: ManufacturerData | null): RangeModel[] {
  const stockByModel = new Map<string, Vehicle[]>();
  for (const vehicle of vehicles) {
    if (!isAvailable(vehicle)) continue;
    const slug = slugify(vehicle.model);
    if (slug === "") continue;
    stockByModel.set(slug, [...(stockByModel.get(slug) ?? []), vehicle]);
  }
  const entry = (name: string, slug: string, stock: Vehicle[], image: string | null, fromPrice: number | null): RangeModel => {
    const prices = stock.map((v) => v.price ?? 0).filter((price) => price > PRICE_SHOWN_ABOVE);
    return {
      name,
      slug,
      image: image ?? stock.map((v) => cardPhoto(v)).find((photo) => photo !== null) ?? null,
      fromPrice: fromPrice ?? (prices.length > 0 ? Math.min(...prices) : null),
      inStock: stock.length,
      searchHref: `/search/${makeSlug}/${slug}`,
      pageHref: `/brands/${makeSlug}/${slug}`,
    };
  };
  const range: RangeModel[] = [];
  const seen = new Set<string>();
  for (const model of manufacturer?.models ?? []) {
    const slug = slugify(model.name);
    if (slug === "" || seen.has(slug)) continue;
    seen.add(slug);
    range.push(entry(model.name, slug, stockByModel.get(slug) ?? [], model.imageUrl, model.fromPrice));
  }
  const stockOnly = [...stockByModel.entries()].filter(([slug]) => !seen.has(slug));
  stockOnly.sort(([, a], [, b]) => (a[0]?.model ?? "").localeCompare(b[0]?.model ?? ""));
  for (const [slug, stock] of stockOnly) range.push(entry(stock[0]?.model ?? slug, slug, stock, null, null));
  return range;
}

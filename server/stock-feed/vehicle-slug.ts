import slugify from "slugify";

// spec 000 §5: a vehicle slug is letters, digits, hyphen or underscore.
const SLUG = /^[A-Za-z0-9_-]+$/;
const MAX_PART = 40;

function part(text: string | number | null): string {
  if (text === null) return "";
  // slugify folds diacritics (Citroën → citroen, Škoda → skoda); strict drops what is left over.
  return slugify(String(text), { lower: true, strict: true }).slice(0, MAX_PART).replace(/-+$/, "");
}

/**
 * A new vehicle's slug: year, make, model, badge and its stock number ("2021-toyota-corolla-ascent-ht10482"),
 * so it reads well and differs between two identical cars. Issue 10: it is derived once; later imports
 * keep it while the stock number or VIN is the same (see the diff), so links and favourites survive.
 * `taken` holds every slug the tenant already uses; a clash gets -2, -3, …
 */
export function newVehicleSlug(
  vehicle: { year: number; make: string; model: string; badge: string | null; stocknum: string },
  taken: ReadonlySet<string>,
): string {
  const base =
    [part(vehicle.year), part(vehicle.make), part(vehicle.model), part(vehicle.badge), part(vehicle.stocknum)]
      .filter((piece) => piece !== "")
      .join("-") || "vehicle";
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

export function isValidSlug(slug: string): boolean {
  return SLUG.test(slug);
}

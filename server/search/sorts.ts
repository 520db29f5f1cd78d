import { sortValues, type SortValue } from "~/server/tenants/schema";
import type { Tenant } from "~/server/tenants/load";

export { defaultSort } from "./default-sort";

export type SortOption = { value: SortValue; label: string };

const kmsSorts: ReadonlySet<SortValue> = new Set(["km:desc", "km:asc"]);

// spec 000 §9 sort options; "Miles" on sites that measure distance in miles (spec 000 §1).
function label(value: SortValue, distanceUnit: "km" | "mi"): string {
  const distance = distanceUnit === "mi" ? "Miles" : "Kms";
  switch (value) {
    case "custom_rank:desc":
      return "Most Relevant";
    case "created_at_timestamp:desc":
      return "Latest";
    case "price:desc":
      return "Highest Price";
    case "price:asc":
      return "Lowest Price";
    case "km:desc":
      return `Highest ${distance}`;
    case "km:asc":
      return `Lowest ${distance}`;
  }
}

/** The sort menu of a site, in the spec's order; the kms options only when the site switches them on. */
export function sortOptions(tenant: Tenant): SortOption[] {
  const { features, distance_unit } = tenant.site;
  return sortValues
    .filter((value) => features.kms_sort_options || !kmsSorts.has(value))
    .map((value) => ({ value, label: label(value, distance_unit) }));
}

/** The site's sort value written as `value`, or null when the site does not offer it. */
export function allowedSort(tenant: Tenant, value: string): SortValue | null {
  return sortOptions(tenant).find((option) => option.value === value)?.value ?? null;
}

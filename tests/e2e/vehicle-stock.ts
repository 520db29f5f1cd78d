import { financeOffer } from "~/server/stock/finance-offer";
import { isListed } from "~/server/stock/is-listed";
import { loadStock } from "~/server/inventory/load-stock";
import type { Vehicle } from "~/server/stock/vehicle";
import { loadTenants, type Tenant } from "~/server/tenants/load";

/** Picks demo vehicles for the browser tests from the same stock files the server reads. */

const tenants = new Map(loadTenants().map((tenant) => [tenant.slug, tenant]));

export function demoTenant(slug: string): Tenant {
  const tenant = tenants.get(slug);
  if (!tenant) throw new Error(`no demo tenant ${slug}`);
  return tenant;
}

/** The first listed, in-stock vehicle of a tenant that passes `test`. */
export function pickVehicle(slug: string, test: (vehicle: Vehicle, tenant: Tenant) => boolean = () => true): Vehicle {
  const tenant = demoTenant(slug);
  const now = Date.now();
  const vehicle = loadStock(tenant).find(
    (candidate) => isListed(candidate, tenant.site, now) && candidate.status === "in_stock" && test(candidate, tenant),
  );
  if (!vehicle) throw new Error(`no matching vehicle in ${slug}`);
  return vehicle;
}

export const withPhotos = (count: number) => (vehicle: Vehicle) => vehicle.images.length >= count;

export const withFinanceOffer = (vehicle: Vehicle, tenant: Tenant) => financeOffer(vehicle, tenant.site, Date.now()) !== null;

export function detailPath(slug: string, vehicle: Vehicle): string {
  const template = demoTenant(slug).site.template;
  const base = template === "motorcycle" ? "/motorcycles" : template === "camper" ? "/campers" : "/cars";
  return `${base}/${vehicle.slug}`;
}

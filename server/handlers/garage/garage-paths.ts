import type { Tenant } from "~/server/tenants/load";
import { garageEnabled } from "./shopper";

/** spec 000 §2: /my-garage?tab=saved-cars; some sites use /mybigboxcars, /mymotorama, /myblinkr or /myservco with /saved. */
export const GARAGE_TABS = ["saved-cars", "saved-searches", "details"] as const;
export type GarageTab = (typeof GARAGE_TABS)[number];

export const DEFAULT_GARAGE_PATH = "/my-garage";

/** Whether this base path serves the garage here: /my-garage on every garage site, and the site's own path. */
export function servesGarage(tenant: Tenant, base: string): boolean {
  if (!garageEnabled(tenant)) return false;
  return base === DEFAULT_GARAGE_PATH || base === tenant.site.features.garage_path;
}

/** A tab's address: the saved cars of an alternative path are {path}/saved; everything else ?tab=. */
export function garageTabHref(base: string, tab: GarageTab): string {
  if (tab === "saved-cars" && base !== DEFAULT_GARAGE_PATH) return `${base}/saved`;
  return `${base}?tab=${tab}`;
}

/** The tab a URL asks for; the section is the alternative path's second segment (only "saved" exists). */
export function garageTabOf(url: URL, section: string | undefined): GarageTab | null {
  if (section !== undefined) return section === "saved" ? "saved-cars" : null;
  const asked = url.searchParams.get("tab");
  if (asked === null) return "saved-cars";
  return (GARAGE_TABS as readonly string[]).includes(asked) ? (asked as GarageTab) : "saved-cars";
}

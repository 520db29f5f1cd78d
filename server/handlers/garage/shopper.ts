import type { AppLoadContext } from "@remix-run/node";
import type { GarageUser } from "~/server/garage/accounts";
import type { Owner } from "~/server/garage/favourites";
import type { Tenant } from "~/server/tenants/load";
import { readVisitor } from "~/server/visitor/cookie";
import type { VisitorContext } from "~/server/visitor/context";
import { readSessionToken } from "./session-cookie";

/** Who is shopping: the visitor (always) and, on a garage site with a good session, the account. */
export type Shopper = { visitor: VisitorContext; user: GarageUser | null; owner: Owner };

export function garageEnabled(tenant: Tenant): boolean {
  return tenant.site.flags.garage_enabled;
}

/** The signed-in account, or null (no garage here, no cookie, a tampered cookie, an ended or expired session). */
export async function signedInUser(request: Request, context: AppLoadContext, now: number): Promise<GarageUser | null> {
  if (!garageEnabled(context.tenant)) return null;
  const token = await readSessionToken(request, context.services.cookies);
  if (token === null) return null;
  return context.services.garage.accounts.sessionUser(context.tenant.slug, token, now);
}

export async function readShopper(request: Request, context: AppLoadContext, now: number, visitor?: VisitorContext): Promise<Shopper> {
  const seen = visitor ?? (await readVisitor(request, context.services.cookies, now, context.newVisitorDeviceId));
  const user = await signedInUser(request, context, now);
  const owner: Owner = user ? { kind: "user", userId: user.id } : { kind: "visitor", deviceId: seen.device_id };
  return { visitor: seen, user, owner };
}

/**
 * Where the saved cars are listed: the garage's saved tab on a garage site (its alternative path with
 * /saved where the site has one), else /saved-cars.
 */
export function savedCarsHref(tenant: Tenant): string {
  if (!garageEnabled(tenant)) return "/saved-cars";
  const base = tenant.site.features.garage_path;
  return base === "/my-garage" ? "/my-garage?tab=saved-cars" : `${base}/saved`;
}

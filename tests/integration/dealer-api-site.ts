import type { Tenant } from "~/server/tenants/load";

/** The variables a forms app starts with to sign in to the (fake) dealer API; a rate limit its tests don't hit. */
export const DEALER_API_ENV = { DEALER_API_USER: "dealer", DEALER_API_PASSWORD: "secret", RATE_LIMIT_PER_MINUTE: "100" };

/** Points a site at a dealer API (appointments and service bookings) signed in with DEALER_API_ENV. */
export function connectDealerApi(tenant: Tenant, baseUrl: string): void {
  tenant.site.dealer_api = {
    base_url: baseUrl,
    username_env: "DEALER_API_USER",
    password_env: "DEALER_API_PASSWORD",
    appointment: true,
    service: true,
  };
}

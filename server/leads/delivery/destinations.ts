import type { Tenant } from "~/server/tenants/load";

/**
 * Where a tenant's leads go, one outbox row each: the signed JSON webhook, ADF posted over HTTP, ADF
 * emailed to the CRM's intake address, and the readable notification to the sales inbox.
 */
export const DESTINATIONS = ["webhook", "adf", "adf_email", "notification"] as const;
export type Destination = (typeof DESTINATIONS)[number];

export function destinationsOf(tenant: Tenant): Destination[] {
  const { webhook, adf, email } = tenant.site.leads;
  const out: Destination[] = [];
  if (webhook) out.push("webhook");
  if (adf) out.push("adf");
  if (email.crm_intake) out.push("adf_email");
  if (email.sales_inbox) out.push("notification");
  return out;
}

export function isEmailDestination(destination: string): boolean {
  return destination === "adf_email" || destination === "notification";
}

/** Tenants whose leads would be stored but reach nobody: named in a warning at start. */
export function tenantsWithoutDestination(tenants: readonly Tenant[]): string[] {
  return tenants.filter((tenant) => destinationsOf(tenant).length === 0).map((tenant) => tenant.slug);
}

import type { Tenant } from "~/server/tenants/load";
import { FORM_KINDS, type FormKind } from "./form-kinds";

/**
 * spec 001 §7: "The submission target is chosen by a name: 'server' sends the lead, 'car-clarity'
 * sends to the partner." A tenant names a form kind's target in `features.form.targets`; unnamed kinds
 * go to the server (the lead pipeline).
 */
export const SUBMISSION_TARGETS = ["server", "car-clarity"] as const;
export type SubmissionTarget = (typeof SUBMISSION_TARGETS)[number];

export function submissionTarget(tenant: Tenant, kind: FormKind): SubmissionTarget {
  return tenant.site.features.form.targets[kind] ?? "server";
}

/**
 * What a tenant's targets name that cannot work, for a warning at start: a key that is no form kind, or
 * 'car-clarity' without a `partners.car_clarity` entry (those forms then go to the server, so no lead is lost).
 */
export function misconfiguredTargets(tenant: Tenant): string[] {
  const problems: string[] = [];
  for (const [kind, target] of Object.entries(tenant.site.features.form.targets)) {
    if (!(FORM_KINDS as readonly string[]).includes(kind)) problems.push(`${kind} is not a form kind`);
    else if (target === "car-clarity" && tenant.site.partners.car_clarity === null)
      problems.push(`${kind} names car-clarity but partners.car_clarity is not set`);
  }
  return problems;
}

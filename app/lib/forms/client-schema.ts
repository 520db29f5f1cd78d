import type { z } from "zod/v4";
import { formSchema, type FormOptions, type LeadFormValues } from "../../../server/leads/forms";
import type { FormKind } from "../../../server/leads/form-kinds";
import { siteSchema } from "../../../server/tenants/schema";

export type ClientSchemaInput = { kind: FormKind; tenantSlug: string; site: unknown; formOptions: FormOptions };

/**
 * The server's form schema, built in the browser from the browser-safe site the loader sent
 * (server/leads-http/browser-tenant.ts). siteSchema turns the JSON back into a typed Site.
 */
export function clientFormSchema({ kind, tenantSlug, site, formOptions }: ClientSchemaInput): z.ZodType<LeadFormValues> {
  return formSchema(kind, { slug: tenantSlug, dir: "", site: siteSchema.parse(site) }, formOptions);
}

import type { FieldDescription, FormOptions } from "../leads/forms";
import type { FormKind } from "../leads/form-kinds";
import type { Site } from "../tenants/schema";
import type { CarSummary } from "./car";

/** Everything a page needs to render one lead form and run its schema in the browser. */
export type LeadFormView = {
  kind: FormKind;
  /** The tenant's slug and browser-safe site (browser-tenant.ts), for formSchema on the client. */
  tenantSlug: string;
  site: Site;
  formOptions: FormOptions;
  /** formFields(kind, tenant): labels, asterisks, options — the one source the form renders from. */
  fields: FieldDescription[];
  /** Stored user details (spec 001 §3), field defaults and the hidden vehicle/query values. */
  defaultValue: Record<string, string | boolean>;
  /** Signed render time for the minimum fill time guard. */
  fillToken: string;
  submitLabel: string;
  car: CarSummary | null;
};

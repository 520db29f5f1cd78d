import type { StoredUserDetails } from "../visitor/context";

/** spec 001 §3 lead form defaults: all empty text. */
export const LEAD_FORM_DEFAULTS = {
  name: "",
  last_name: "",
  email: "",
  phone: "",
  day: "",
  month: "",
  year: "",
  postcode: "",
  state: "",
  lead_id: "",
} as const;

export type LeadFormDefaults = { -readonly [K in keyof typeof LEAD_FORM_DEFAULTS]: string };

/** The defaults, pre-filled from the visitor's stored details (spec 001 §3) and an in-progress lead id. */
export function formDefaults(user: StoredUserDetails, leadId?: string | null): LeadFormDefaults {
  return {
    ...LEAD_FORM_DEFAULTS,
    name: user.name ?? "",
    last_name: user.last_name ?? "",
    email: user.email ?? "",
    phone: user.phone ?? "",
    postcode: user.postcode ?? "",
    lead_id: leadId ?? "",
  };
}

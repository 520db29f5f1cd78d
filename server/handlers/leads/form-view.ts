import type { HoneypotInputProps } from "remix-utils/honeypot/server";
import type { FieldConstraints } from "~/server/leads/field-constraints";
import type { FieldDescription } from "~/server/leads/forms";
import type { FormKind } from "~/server/leads/form-kinds";
import type { CarSummary } from "~/server/handlers/shared/car";
import type { CaptchaWidget } from "~/server/leads/captcha-widget";

/**
 * Everything a page needs to render one lead form: plain data only — no site object and no schema
 * reach the browser; the server validates every submit with formSchema.
 */
export type LeadFormView = {
  kind: FormKind;
  /** HTML constraints derived from the server's schema (required, maxLength…). */
  constraint: FieldConstraints;
  /** formFields(kind, tenant): labels, asterisks, options — the one source the form renders from. */
  fields: FieldDescription[];
  /** Stored user details (spec 001 §3), field defaults and the hidden vehicle/query values. */
  defaultValue: Record<string, string | boolean>;
  /** Signed render time for the minimum fill time guard. */
  fillToken: string;
  /** remix-utils honeypot inputs, made only for pages that carry a form (it encrypts a timestamp). */
  honeypot: HoneypotInputProps;
  submitLabel: string;
  /** The tenant's captcha widget (spec 001 §5), or null when it has none on. */
  captcha: CaptchaWidget | null;
  car: CarSummary | null;
  /**
   * The car is the last enquiry's, not the page's: the form says so and links here
   * ('Not this car') to let it go; null otherwise.
   */
  forgetCarHref: string | null;
  /** The form was pre-filled from stored details: it offers 'Forget my details'. */
  detailsStored: boolean;
};

import { countOf } from "~/server/lib/plural";

/**
 * Texts of the route-side guards. The spec has none for these cases (spec 001 §8 covers only the
 * submit failure), so they are ours, written to tell a person what to do next.
 */
export const GUARD_MESSAGES = {
  tooFast: "Please take a moment to check your details and submit again.",
  expired: "This form has expired. Please check your details and submit again.",
  rateLimited: (seconds: number) =>
    `You have sent several enquiries in a short time. Please wait ${countOf(seconds, "second")} and try again.`,
  captchaFailed: "Please complete the security check and submit again.",
  captchaUnavailable:
    "Our security check is not answering right now, so your enquiry was not sent. Please try again in a few minutes, or call us.",
  captchaApiToken: "Send the security check's token in the X-Captcha-Token header, or the site's API key in the X-Api-Key header.",
  leadNotFound: "Lead not found",
  apiKeyRequired: "Send leads from this site's pages, or with the site's API key in the X-Api-Key header.",
} as const;

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
  leadNotFound: "Lead not found",
  apiKeyRequired: "Send leads from this site's pages, or with the site's API key in the X-Api-Key header.",
} as const;

/**
 * Texts of the multi-step flows that spec 001 does not give (it quotes only the required, name,
 * email, postcode and phone messages, which come from server/leads/messages.ts). Written to say
 * what to do next.
 */
export const STEP_MESSAGES = {
  year: "Please enter a 4-digit year.",
  wholeNumber: "Please enter a whole number.",
  money: "Please enter an amount in whole dollars.",
  photosType: "Please upload photos as JPEG, PNG, WebP or HEIC images.",
  lookupNotFound: "We could not find that vehicle. Please enter its details.",
  tooLong: "Your answers are too long to save. Please shorten them and try again.",
  restarted: "Your application had expired, so it has started again.",
} as const;

/** The entry links' texts, quoted from spec 001 §9. */
export const ENTRY_TEXTS = {
  finance: "Get Pre-Approved Now",
  tradeIn: "Get Your Valuation",
} as const;

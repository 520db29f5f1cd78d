/**
 * Texts of the partner lookups. The first two are the generic response handler's, quoted from
 * spec 000 §8 / spec 001 §8; the rest are ours (the spec shows no request bodies), written to say
 * what to do next.
 */
export const PARTNER_MESSAGES = {
  /** spec 000 §8: a non-OK answer without an `error` field; ': ' and the status text follow when present. */
  unexpected: "An unexpected error occurred",
  notAvailable: "Not available on this site",
  regoRequired: "Please enter a registration number.",
  regoFormat: "Please enter the registration using letters and numbers only (up to 10).",
  stateRequired: "Please choose the state the vehicle is registered in.",
  notFound: "We could not find that vehicle. Please enter its details.",
} as const;

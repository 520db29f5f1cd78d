import { countOf } from "~/server/lib/plural";

/**
 * What a shopper reads about saved cars and the garage. The spec quotes none of these; they
 * live here once (docs/decisions.md) and the tests import them.
 */
export const GARAGE_MESSAGES = {
  favouritesFull: "You can save up to 100 cars. Remove a car from your saved cars to save another.",
  carNotFound: "That car is no longer available.",
  emailInvalid: "Enter a valid email address.",
  codeSent: (email: string) => `We emailed a 6-digit code to ${email}. It works for 10 minutes.`,
  codeInvalidFormat: "Enter the 6-digit code from the email.",
  codeWrong: (left: number) => `That code is not right. ${countOf(left, "attempt")} left.`,
  codeExpired: "That code has expired. Ask for a new one.",
  codeUsedUp: "That code can no longer be used. Ask for a new one.",
  tooManyCodes: (minutes: number) => `Too many sign-in attempts. Try again in ${countOf(minutes, "minute")}.`,
  signedOut: "You are signed out.",
  signedOutEverywhere: "You are signed out on every device.",
  nameTooLong: "Use up to 100 characters for your name.",
  detailsSaved: "Your details are saved.",
  alertsOn: "We will email you when its price drops or it sells.",
  unsubscribed: "You will get no more emails about this car.",
  searchUnsubscribed: "You will get no more emails about this search.",
  unsubscribeInvalid: "That unsubscribe link is not valid.",
  searchNameMissing: "Give the search a name.",
  searchUrlInvalid: "Only a search on this site can be saved.",
  searchesFull: "You can save up to 20 searches.",
  compareTooMany: "Compare up to 3 cars at a time.",
  unavailable: "We couldn't do that just now. Please try again in a moment.",
} as const;

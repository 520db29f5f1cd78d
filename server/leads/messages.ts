/** spec 001 §5 and §8: every user-facing text of the lead pipeline, quoted exactly. */
export const MESSAGES = {
  required: "*This is a required field.",
  invalidEmail: "invalid email address",
  alphabeticalOnly: "Please use alphabetical characters only.",
  invalidPostcode: "Invalid postcode. Please enter a 4-digit number.",
  phoneTooLong: "Invalid phone number. Too many characters.",
  phoneAuMobile: "Invalid phone number. Must be an Australian mobile number.",
  phoneUs: "Invalid phone number. Must be a US number.",
  phoneNz: "Invalid phone number. Must be a New Zealand number.",
  phoneAu: "Invalid phone number. Must be an Australian number.",
  termsRequired: "You must agree to the terms of use before submitting the form.",
  submitError: "An error occurred when submitting this form",
  unexpectedError: "An unexpected error occurred",
} as const;

/** spec 001 §8: the error-service line, with the spec's spelling of "occured". */
export function submissionErrorLog(category: string, message: string): string {
  return `${category} Form submission error occured. ${message}`;
}

/**
 * Texts of the answers to a request that cannot be read as sent — too large, the wrong type, not
 * found. Ours (the spec has none for these cases), written to say what to change. The edge and the
 * handlers' body readers answer the same case, so both read them from here.
 */
export const REQUEST_MESSAGES = {
  bodyTooLarge: "Your enquiry is too large to send. Please shorten your message and try again.",
  unsupportedBody: "Please submit the form again.",
  invalidJson: 'The request body must be JSON of the form {"lead": {…}}.',
  notFound: "Not found",
  methodNotAllowed: "Method not allowed",
} as const;

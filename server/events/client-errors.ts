/** spec 001 §8: error reporting ignores messages containing these. */
export const IGNORED_ERRORS = ["Minified React error", "Hydration"] as const;

export function reportableError(message: string): boolean {
  return message !== "" && !IGNORED_ERRORS.some((ignored) => message.includes(ignored));
}

export const CLIENT_ERROR_MESSAGE_MAX_LENGTH = 500;

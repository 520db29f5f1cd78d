/**
 * The assistant's bounds, apart from the transcript's schema: the chat box in the browser needs the
 * message length, and importing it from transcript.ts pulled zod (≈ 46 KB gzip) into every page's
 * JavaScript, since a module that builds schemas when it loads cannot be left out of a bundle.
 */
export const MAX_MESSAGES = 20;
export const MAX_MESSAGE_LENGTH = 500;

import { config, z } from "zod/v4";

/**
 * zod for every schema of ours: import it from here, never from "zod/v4" (ESLint enforces it), so this
 * runs before any schema is built. In the browser our CSP allows no eval, and zod's first object schema
 * would otherwise probe `new Function("")` to decide whether to compile a fast parser: the refused eval
 * is reported as a CSP issue on every page (Lighthouse best practices). The server keeps zod's compiled
 * parsers (no CSP applies there).
 */
if (typeof document !== "undefined") config({ jitless: true });

export { z };

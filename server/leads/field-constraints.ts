import { getZodConstraint } from "@conform-to/zod/v4";
import type { z } from "~/server/lib/zod";

/**
 * The HTML constraints (required, maxLength, pattern, min/max) of a form's zod schema, as plain data
 * the page sends to the browser: Conform puts them on the inputs while the rules themselves — and
 * zod — stay on the server, which validates every submit (spec 001 §5: on submit, and again on
 * each submit after an error).
 */
export type FieldConstraints = ReturnType<typeof getZodConstraint>;

export function fieldConstraints(schema: z.ZodType): FieldConstraints {
  return getZodConstraint(schema);
}

import { getZodConstraint } from "@conform-to/zod/v4";
import type { z } from "~/server/lib/zod";

/**
 * The HTML constraints (required, maxLength, pattern, min/max) of a form's zod schema, as plain data
 * the page sends to the browser: Conform puts them on the inputs while the rules themselves — and
 * zod — stay on the server, which validates every submit (spec 001 §5: on submit, and again on
 * each submit after an error).
 */
export type FieldConstraints = ReturnType<typeof getZodConstraint>;

/**
 * A form's schema is built once per tenant and kind (server/leads/forms.ts), so its constraints are kept
 * under the same object: deriving them walked the schema on every form page view (10 % of /contact's
 * CPU with the schema's own checks). A form built afresh (one offering live appointment slots) is a new
 * schema and gets its own.
 */
const derived = new WeakMap<z.ZodType, FieldConstraints>();

export function fieldConstraints(schema: z.ZodType): FieldConstraints {
  let constraints = derived.get(schema);
  if (constraints === undefined) {
    constraints = getZodConstraint(schema);
    derived.set(schema, constraints);
  }
  return constraints;
}

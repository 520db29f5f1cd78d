import { z } from "zod/v4";
import { MESSAGES } from "./messages";
import { validatePhone, type PhoneRegion } from "./phone";

/**
 * spec 001 §5 rules as zod schemas. Conform hands empty inputs over as undefined, so each required
 * field reports '*This is a required field.' through the type error of `z.string({ error })`.
 */
const required = { error: MESSAGES.required };

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Unicode letters so names like "Māori" or "José" pass; digits and punctuation do not (spec 001 §5).
const NAME_PATTERN = /^[\p{L} ]+$/u;
const POSTCODE_PATTERN = /^\d{4}$/;

export const POSTCODE_MAX_LENGTH = 4;

export function requiredText(): z.ZodString {
  return z.string(required).trim().min(1, required);
}

export function optionalText(maxLength = 2000): z.ZodOptional<z.ZodString> {
  return z.string().trim().max(maxLength).optional();
}

export function emailRule(): z.ZodString {
  return requiredText().regex(EMAIL_PATTERN, MESSAGES.invalidEmail);
}

export function nameRule(): z.ZodString {
  return requiredText().regex(NAME_PATTERN, MESSAGES.alphabeticalOnly);
}

export function postcodeRule(): z.ZodString {
  return requiredText().regex(POSTCODE_PATTERN, MESSAGES.invalidPostcode);
}

export function phoneRule(region: PhoneRegion): z.ZodType<string> {
  return requiredText().check((ctx) => {
    const message = validatePhone(ctx.value, region);
    if (message) ctx.issues.push({ code: "custom", message, input: ctx.value });
  });
}

export function choiceRule(values: readonly string[]): z.ZodType<string> {
  return requiredText().refine((value) => values.includes(value), MESSAGES.required);
}

export function optionalChoiceRule(values: readonly string[]): z.ZodType<string | undefined> {
  return z
    .string()
    .optional()
    .refine((value) => value === undefined || values.includes(value), MESSAGES.required);
}

/** A checkbox: Conform turns "on" into true and an unchecked box into undefined. */
export function checkboxRule(): z.ZodType<boolean> {
  return z
    .boolean()
    .optional()
    .transform((value) => value === true);
}

export function termsRule(): z.ZodType<boolean> {
  return z.boolean({ error: MESSAGES.termsRequired }).refine((value) => value, MESSAGES.termsRequired);
}

/** Checkbox groups arrive as a list (or one string when a single box is ticked). */
export function checkboxListRule(values: readonly string[]): z.ZodType<string[]> {
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
    .refine((list) => list.every((item) => values.includes(item)), MESSAGES.required);
}

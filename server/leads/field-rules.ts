import { z } from "~/server/lib/zod";
import { MESSAGES } from "./messages";
import { validatePhone, type PhoneRegion } from "./phone";
import { stripXmlInvalid } from "./xml-safe-text";

/**
 * spec 001 §5 rules as zod schemas. Conform hands empty inputs over as undefined, so each required
 * field reports '*This is a required field.' through the type error of `z.string({ error })`.
 */
const required = { error: MESSAGES.required };
// An empty field gets the one required message, not that joined with the field's own rule.
const requiredFirst = { ...required, abort: true };

/**
 * spec 001 §5 'invalid email address' for: no dot-separated domain, a top-level domain under two
 * letters, or <, > or spaces anywhere.
 */
const EMAIL_PATTERN = /^[^\s@<>]+@(?:[^\s@<>.]+\.)+\p{L}{2,}$/u;
// Unicode letters so names like "Māori" or "José" pass; digits and punctuation do not (spec 001 §5).
const NAME_PATTERN = /^[\p{L} ]+$/u;
// A single Name field holds a whole name, so hyphens and apostrophes too (Mary-Jane O'Brien).
const FULL_NAME_PATTERN = /^[\p{L} '’-]+$/u;
const POSTCODE_PATTERN = /^\d{4}$/;

export const POSTCODE_MAX_LENGTH = 4;

/** Every text field drops what XML cannot carry before any other rule runs (server/leads/xml-safe-text.ts). */
function safeText(params?: { error: string }): z.ZodString {
  return z.string(params).overwrite(stripXmlInvalid).trim();
}

export function requiredText(): z.ZodString {
  return safeText(required).min(1, requiredFirst);
}

export function optionalText(maxLength = 2000): z.ZodOptional<z.ZodString> {
  return safeText().max(maxLength).optional();
}

export function emailRule(): z.ZodString {
  return requiredText().regex(EMAIL_PATTERN, MESSAGES.invalidEmail);
}

/** First and last name fields (spec 001 §5): letters and spaces. */
export function nameRule(): z.ZodString {
  return requiredText().regex(NAME_PATTERN, MESSAGES.alphabeticalOnly);
}

/** The single Name field of tenants without a last name field: letters, spaces, hyphens, apostrophes. */
export function fullNameRule(): z.ZodString {
  return requiredText().regex(FULL_NAME_PATTERN, MESSAGES.alphabeticalOnly);
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

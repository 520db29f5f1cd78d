import { z } from "~/server/lib/zod";
import type { FieldDescription } from "~/server/leads/forms";
import type { PhoneRegion } from "~/server/leads/phone";
import {
  checkboxRule,
  choiceRule,
  emailRule,
  fullNameRule,
  nameRule,
  optionalChoiceRule,
  optionalText,
  phoneRule,
  postcodeRule,
  requiredText,
  termsRule,
} from "~/server/leads/field-rules";
import { STEP_MESSAGES } from "./messages";

/**
 * A field's rule as data, so the page can send it to the browser and both sides build the same zod
 * schema from it (STYLE: one schema, both sides). The tenant-dependent parts (phone region, choices)
 * are resolved on the server when the flow builds its fields.
 */
export type RuleSpec =
  | { kind: "name"; max: number; full?: boolean }
  | { kind: "email"; max: number }
  | { kind: "phone"; region: PhoneRegion }
  | { kind: "postcode" }
  | { kind: "text"; required: boolean; max: number }
  | { kind: "choice"; required: boolean; values: string[] }
  | { kind: "checkbox" }
  | { kind: "terms" }
  | { kind: "year"; required: boolean }
  | { kind: "whole"; required: boolean; max: number }
  | { kind: "money"; required: boolean }
  /** Files are checked by magic bytes on the server (photos.ts), never by the schema. */
  | { kind: "photos" };

/** One field of one step: how it renders (FieldDescription, as the single forms) and its rule. */
export type StepField = Omit<FieldDescription, "type"> & { type: FieldDescription["type"] | "file"; rule: RuleSpec };

export type StepValue = string | boolean;
export type StepValues = Record<string, StepValue>;

const YEAR_PATTERN = /^\d{4}$/;
// "85,000", "$85000" and "85 000" are what people type for an amount.
const MONEY_SEPARATORS = /[\s,$]/g;

function optionalWhen(rule: z.ZodType<string>, required: boolean): z.ZodType<string | undefined> {
  // Conform hands an empty input over as undefined; anything typed must still pass the rule.
  return required ? rule : rule.optional();
}

function yearRule(required: boolean): z.ZodType<string | undefined> {
  const thisYear = new Date().getFullYear();
  const rule = z
    .string()
    .trim()
    .refine((value) => YEAR_PATTERN.test(value) && Number(value) >= 1900 && Number(value) <= thisYear + 1, STEP_MESSAGES.year);
  return optionalWhen(required ? requiredText().pipe(rule) : rule, required);
}

function wholeRule(required: boolean, max: number, message: string, stripMoney: boolean): z.ZodType<string | undefined> {
  const rule = z
    .string()
    .trim()
    .transform((value) => (stripMoney ? value.replace(MONEY_SEPARATORS, "") : value.replace(/[\s,]/g, "")))
    .refine((value) => /^\d{1,9}$/.test(value) && Number(value) <= max, message)
    .transform((value) => String(Number(value)));
  return optionalWhen(required ? requiredText().pipe(rule) : rule, required);
}

function ruleSchema(rule: RuleSpec): z.ZodType<StepValue | undefined> | null {
  switch (rule.kind) {
    case "name":
      return (rule.full ? fullNameRule() : nameRule()).max(rule.max);
    case "email":
      return emailRule().max(rule.max);
    case "phone":
      return phoneRule(rule.region);
    case "postcode":
      return postcodeRule();
    case "text":
      return rule.required ? requiredText().max(rule.max) : optionalText(rule.max);
    case "choice":
      return rule.required ? choiceRule(rule.values) : optionalChoiceRule(rule.values);
    case "checkbox":
      return checkboxRule();
    case "terms":
      return termsRule();
    case "year":
      return yearRule(rule.required);
    case "whole":
      return wholeRule(rule.required, rule.max, STEP_MESSAGES.wholeNumber, false);
    case "money":
      return wholeRule(rule.required, 100_000_000, STEP_MESSAGES.money, true);
    case "photos":
      return null;
  }
}

/** spec 001 §5 rules for one step's fields; use with `parseWithZod(formData, { schema })` on both sides. */
export function stepSchema(fields: readonly Pick<StepField, "name" | "rule">[]): z.ZodType<Record<string, StepValue | undefined>> {
  const shape: Record<string, z.ZodType<StepValue | undefined>> = {};
  for (const field of fields) {
    const schema = ruleSchema(field.rule);
    if (schema) shape[field.name] = schema;
  }
  return z.object(shape);
}

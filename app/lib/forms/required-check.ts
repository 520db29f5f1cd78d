import { MESSAGES } from "~/server/leads/messages";

/** The part of a field description the browser's check reads. */
export type RequiredField = { name: string; type: string; required: boolean };

// A single box is a consent the server words itself ('You must agree…'); hidden fields are the page's own.
const CHECKED_IN_BROWSER = new Set(["text", "email", "tel", "textarea", "select", "date", "slot", "checkboxes"]);
// What the shopper types: a form with all of these empty is an empty submit (selects may come preselected).
const TYPED = new Set(["text", "email", "tel", "textarea"]);

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (Array.isArray(value)) return value.every(isEmpty);
  return typeof value === "string" && value.trim() === "";
}

/**
 * spec 001 §5 (validation on submit): a hydrated form whose required fields are all empty is answered in
 * the browser — each with the spec's message — instead of being posted. A partly filled form goes to the
 * server, which answers every rule at once (the phone rules need the numbering plan, which stays on the
 * server), so a shopper never fixes the empty fields only to meet a second round of messages.
 */
export function emptySubmitErrors(fields: readonly RequiredField[], value: (name: string) => unknown): Record<string, string[]> {
  const checked = fields.filter((field) => field.required && CHECKED_IN_BROWSER.has(field.type));
  const typed = checked.filter((field) => TYPED.has(field.type));
  if (typed.length === 0 || !typed.every((field) => isEmpty(value(field.name)))) return {};
  return Object.fromEntries(checked.filter((field) => isEmpty(value(field.name))).map((field) => [field.name, [MESSAGES.required]]));
}

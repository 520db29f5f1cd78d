import type { LeadValue } from "~/server/leads/lead-object";
import { stripXmlInvalid } from "~/server/leads/xml-safe-text";

/** Escapes the five XML characters and drops characters XML cannot carry (older stored leads may hold them). */
export function xmlEscape(value: string): string {
  return stripXmlInvalid(value).replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c,
  );
}

/** A lead value as text: strings as they are, numbers written out, anything else empty. */
export function text(value: LeadValue | undefined): string {
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return "";
}

export function attributes(values: Record<string, string | undefined>): string {
  return Object.entries(values)
    .filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== "")
    .map(([name, value]) => ` ${name}="${xmlEscape(value)}"`)
    .join("");
}

/** An element with text content, left out when the text is empty. */
export function optional(name: string, value: string, attrs: Record<string, string | undefined> = {}): string {
  return value === "" ? "" : required(name, value, attrs);
}

/** An element the DTD requires: written even when empty. */
export function required(name: string, value: string, attrs: Record<string, string | undefined> = {}): string {
  return `<${name}${attributes(attrs)}>${xmlEscape(value)}</${name}>`;
}

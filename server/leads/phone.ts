import { isValidPhoneNumber, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";
import type { Features } from "~/server/tenants/schema";
import { MESSAGES } from "./messages";

export type PhoneRegion = Features["phone_region"];

/**
 * spec 001 §5: "One fixed test number is always accepted." 0491 570 006 lies in the ACMA range
 * reserved for fiction (0491 570 xxx), so it never reaches a real person, and it is accepted in every region.
 */
export const TEST_PHONE_NUMBER = "0491 570 006";

const TEST_DIGITS = TEST_PHONE_NUMBER.replace(/\s/g, "");
const TEST_E164 = "+61491570006";

const COUNTRY: Record<PhoneRegion, CountryCode> = { au: "AU", "au-mobile": "AU", nz: "NZ", us: "US" };

// spec 001 §5: spaces and brackets are stripped; hyphens and dots are separators people type too.
function stripSeparators(raw: string): string {
  return raw.trim().replace(/[\s()[\].-]/g, "");
}

/** +61 / 0061 become the trunk 0; a "(0)" written after the prefix collapses into it. */
function toAustralianTrunk(compact: string): string {
  return compact.replace(/^(\+61|0061)0?/, "0");
}

function validateAustralian(compact: string): string | null {
  return /^0[234578]\d{8}$/.test(toAustralianTrunk(compact)) ? null : MESSAGES.phoneAu;
}

function validateAustralianMobile(compact: string): string | null {
  return /^04\d{8}$/.test(toAustralianTrunk(compact)) ? null : MESSAGES.phoneAuMobile;
}

/** On top of the spec's rule, a number that cannot exist in NZ is refused with the spec's NZ message. */
function validateNewZealand(compact: string): string | null {
  const national = compact.replace(/^(\+64|0064)0?/, "0");
  if (!/^\d+$/.test(national)) return MESSAGES.phoneNz;
  if (national.length >= 15) return MESSAGES.phoneTooLong;
  return isValidPhoneNumber(national, "NZ") ? null : MESSAGES.phoneNz;
}

/** A number that cannot exist is refused too; NANP numbers of Canada and the islands are accepted. */
function validateUs(compact: string): string | null {
  if (!/^1?\d{10}$/.test(compact.replace(/^\+/, ""))) return MESSAGES.phoneUs;
  return isValidPhoneNumber(compact, "US") ? null : MESSAGES.phoneUs;
}

/** spec 001 §5 phone rules by region; null when the number is acceptable, otherwise the message. */
export function validatePhone(raw: string, region: PhoneRegion): string | null {
  const compact = stripSeparators(raw);
  if (compact === TEST_DIGITS) return null;
  switch (region) {
    case "au":
      return validateAustralian(compact);
    case "au-mobile":
      return validateAustralianMobile(compact);
    case "nz":
      return validateNewZealand(compact);
    case "us":
      return validateUs(compact);
  }
}

/**
 * The number a dealer's phone system dials (E.164, e.g. +61412345678), kept beside the number as
 * entered. Null when the text is no phone number of the region.
 */
export function phoneE164(raw: string, region: PhoneRegion): string | null {
  const compact = stripSeparators(raw);
  if (compact === TEST_DIGITS) return TEST_E164;
  const country = COUNTRY[region];
  const national = country === "AU" ? toAustralianTrunk(compact) : compact;
  return parsePhoneNumberFromString(national, country)?.number ?? null;
}

/** True for a mobile number (ADF phone type "cellphone"); fixed-or-mobile ranges (US) count as not known to be mobile. */
export function isMobileNumber(e164: string): boolean {
  return parsePhoneNumberFromString(e164)?.getType() === "MOBILE";
}

import type { Features } from "../tenants/schema";
import { MESSAGES } from "./messages";

export type PhoneRegion = Features["phone_region"];

/**
 * spec 001 §5: "One fixed test number is always accepted." 0491 570 006 lies in the ACMA range
 * reserved for fiction (0491 570 xxx), so it never reaches a real person, and it is accepted in every region.
 */
export const TEST_PHONE_NUMBER = "0491 570 006";

const TEST_DIGITS = TEST_PHONE_NUMBER.replace(/\s/g, "");

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

function validateNewZealand(compact: string): string | null {
  const national = compact.replace(/^(\+64|0064)0?/, "0");
  if (!/^\d+$/.test(national)) return MESSAGES.phoneNz;
  return national.length < 15 ? null : MESSAGES.phoneTooLong;
}

function validateUs(compact: string): string | null {
  return /^1?\d{10}$/.test(compact.replace(/^\+/, "")) ? null : MESSAGES.phoneUs;
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

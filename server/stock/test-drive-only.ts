import type { Vehicle } from "./vehicle";

// spec 000 §4, spec 001 §3: these tags mark test-drive-only vehicles.
export const TEST_DRIVE_ONLY_TAGS = ["Test Drive Only", "*** Test Drive Vehicle Only ***"] as const;
/** What the tag reads, whichever of the two the feed wrote. */
export const TEST_DRIVE_ONLY_TAG = "Test Drive Only";

const tags: ReadonlySet<string> = new Set(TEST_DRIVE_ONLY_TAGS.map((tag) => tag.toLowerCase()));

/**
 * A vehicle offered for test drives only: it can be enquired about and test driven, but not
 * reserved or bought online (canReserve) and not financed (financeAvailable).
 */
export function isTestDriveOnly(vehicle: Pick<Vehicle, "tag">): boolean {
  const tag = vehicle.tag?.trim().toLowerCase();
  return tag !== undefined && tags.has(tag);
}

import type { Db } from "~/server/db/connection";
import type { Logger } from "~/server/lib/logger";
import type { PhoneReveal } from "~/server/stock/phone-reveal";

// spec 000 §8: a failed phone reveal is logged.
export const REVEAL_FAILED_MESSAGE = "Phone reveal failed";

/**
 * Records one reveal. A failure is logged and reported as false: the visitor still gets the
 * number, since the record is for the dealer's reporting and the number is theirs to call.
 */
export async function recordPhoneReveal(handle: Db, reveal: PhoneReveal, now: number, log: Logger): Promise<boolean> {
  try {
    await handle.db
      .insertInto("phone_reveals")
      .values({ ...reveal, created_at: now })
      .execute();
    return true;
  } catch (error) {
    log.error({ err: error, carId: reveal.car_id }, REVEAL_FAILED_MESSAGE);
    return false;
  }
}

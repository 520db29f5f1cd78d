import type { Logger } from "./logger";

export type OutageNotice = {
  /** The system failed (again): a warning the first time since it was last up, nothing after. */
  down(error: unknown): void;
  /** The system answers: one info line when it had been reported down, nothing otherwise. */
  up(): void;
};

function reason(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/**
 * One log line per change of state of an outside system (database, Redis): a client library that
 * retries every few seconds reports each failed attempt, and a warning per attempt buried every other
 * line of the log while the system was away.
 */
export function outageNotice(log: Logger, downMessage: string, upMessage: string): OutageNotice {
  let isDown = false;
  return {
    down(error) {
      if (isDown) return;
      isDown = true;
      log.warn({ err: reason(error) }, downMessage);
    },
    up() {
      if (!isDown) return;
      isDown = false;
      log.info(upMessage);
    },
  };
}

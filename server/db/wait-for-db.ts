import pg from "pg";
import { sql } from "kysely";
import type { Logger } from "~/server/lib/logger";
import type { Db } from "./connection";

export type WaitOptions = {
  /** The longest the start waits in all (DATABASE_START_WAIT_SECONDS); 0: one try. */
  waitMs: number;
  log: Logger;
  /** Between tries: doubles from the first to the last. */
  firstDelayMs?: number;
  maxDelayMs?: number;
};

/**
 * Whether a failed connection may succeed if tried again: the server is not there (yet), is starting
 * or shutting down, or the connection broke. A refused password or a database that does not exist
 * will not change by waiting, so the start reports it at once.
 */
export function isTransientDbError(error: unknown): boolean {
  if (error instanceof pg.DatabaseError) {
    // 08: connection exception; 57P01–57P05: shutdown, crash, cannot connect now (starting up).
    return typeof error.code === "string" && (error.code.startsWith("08") || error.code.startsWith("57P"));
  }
  return true;
}

function message(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return message(error.errors[0]);
  return error instanceof Error ? error.message || error.name : String(error);
}

/**
 * A start while PostgreSQL is away (a container started beside its database, a failover) waits for
 * it, logging each try, instead of exiting at the first refused connection. Bounded: after `waitMs`
 * the last error is thrown and the start fails with it.
 */
export async function waitForDb(handle: Db, options: WaitOptions): Promise<void> {
  if (handle.kind !== "postgres") return;
  const deadline = Date.now() + options.waitMs;
  let delay = options.firstDelayMs ?? 500;
  const maxDelay = options.maxDelayMs ?? 5_000;
  for (let attempt = 1; ; attempt++) {
    try {
      await sql`select 1`.execute(handle.db);
      if (attempt > 1) options.log.info({ target: handle.target, attempts: attempt }, "database reachable");
      return;
    } catch (error) {
      const left = deadline - Date.now();
      if (!isTransientDbError(error) || left <= 0) throw new Error(`database ${handle.target}: ${message(error)}`);
      const wait = Math.min(delay, left);
      options.log.warn(
        { target: handle.target, attempt, err: message(error), retryInMs: wait, giveUpInMs: left },
        "database unreachable; waiting for it",
      );
      await new Promise((resolve) => setTimeout(resolve, wait));
      delay = Math.min(delay * 2, maxDelay);
    }
  }
}

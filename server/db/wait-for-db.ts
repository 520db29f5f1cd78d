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

const CONNECTION_ERROR_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);
const CONNECTION_ERROR_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/**
 * Stricter than `isTransientDbError`, for steps that do more than connect (migrations, loading the
 * demo stock): only a lost or refused connection, so a broken migration or a bad stock file still
 * fails the start at once. Looks through `cause` (the migrator wraps what the driver threw).
 */
export function isLostConnection(error: unknown): boolean {
  if (error instanceof AggregateError) return error.errors.some(isLostConnection);
  if (!(error instanceof Error)) return false;
  if (error instanceof pg.DatabaseError) return isTransientDbError(error);
  const code = (error as NodeJS.ErrnoException).code;
  if (code && CONNECTION_ERROR_CODES.has(code)) return true;
  if (CONNECTION_ERROR_MESSAGES.test(error.message)) return true;
  return error.cause !== undefined && isLostConnection(error.cause);
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
  try {
    await retryWhileDbAway(handle, options, () => sql`select 1`.execute(handle.db), isTransientDbError);
  } catch (error) {
    // A refused password or a missing database (not worth waiting for): said with the target.
    if (error instanceof pg.DatabaseError) throw new Error(`database ${handle.target}: ${message(error)}`, { cause: error });
    throw error;
  }
}

/**
 * Runs one of the start's database steps (migrations, the demo stock), trying again while the
 * database is away, within the same bound as `waitForDb`: a connection cut in the middle of a start
 * (a cluster worker starting while PostgreSQL restarts) delays the start instead of ending it — a
 * worker that fails to start stops the whole cluster. Each step must be safe to run again.
 */
export async function retryWhileDbAway<T>(
  handle: Db,
  options: WaitOptions,
  step: () => Promise<T>,
  transient: (error: unknown) => boolean = isLostConnection,
): Promise<T> {
  if (handle.kind !== "postgres") return step();
  const deadline = Date.now() + options.waitMs;
  let delay = options.firstDelayMs ?? 500;
  const maxDelay = options.maxDelayMs ?? 5_000;
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await step();
      if (attempt > 1) options.log.info({ target: handle.target, attempts: attempt }, "database reachable");
      return result;
    } catch (error) {
      const left = deadline - Date.now();
      if (!transient(error)) throw error;
      if (left <= 0) throw new Error(`database ${handle.target}: ${message(error)}`, { cause: error });
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

import { PostgresAdapter, sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "./types";

/** One unit of work that must be durable before its caller hears back (a lead and its outbox rows). */
export type GroupWork<T> = (trx: Transaction<Database>) => Promise<T>;

type Queued = {
  work: GroupWork<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

type Settled = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Enough to share one commit among every lead arriving while the last one was written. */
const MAX_BATCH = 64;

/**
 * Group commit for SQLite (the lead benchmark): SQLite has one writer and each commit waits for the
 * disk, so leads that arrive while a commit is under way wait together and are written in the next
 * transaction, one commit for all of them. Each runs in its own savepoint, so a refused lead (a used
 * fill token, a bad row) is undone alone; each caller is answered only after the commit its work was
 * part of returned, so an acknowledged lead is as durable as with a commit of its own. A failed
 * commit fails every lead of its batch.
 */
export class GroupCommit {
  private readonly queue: Queued[] = [];
  private draining = false;

  /** `shared`: batch concurrent work into one transaction (SQLite); otherwise each gets its own. */
  constructor(
    private readonly db: Kysely<Database>,
    readonly shared = true,
  ) {}

  run<T>(work: GroupWork<T>): Promise<T> {
    // PostgreSQL already shares one WAL flush among transactions committing at the same moment, and
    // its pool runs them side by side; funnelling them through one connection with a savepoint each
    // cost ~7 round trips per lead in a row (333 → measured in docs/benchmarks.md, Leads).
    if (!this.shared) return this.db.transaction().execute(work);
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        let settled: Settled[];
        try {
          settled = await this.db.transaction().execute((trx) => runBatch(trx, batch));
        } catch (error) {
          for (const item of batch) item.reject(error);
          continue;
        }
        batch.forEach((item, index) => {
          const outcome = settled[index];
          if (outcome.ok) item.resolve(outcome.value);
          else item.reject(outcome.error);
        });
      }
    } finally {
      this.draining = false;
    }
  }
}

async function runBatch(trx: Transaction<Database>, batch: Queued[]): Promise<Settled[]> {
  if (batch.length === 1) {
    // Alone: no savepoint needed; its failure rolls the transaction back.
    return [{ ok: true, value: await batch[0].work(trx) }];
  }
  const settled: Settled[] = [];
  for (const item of batch) {
    await sql`savepoint lead_work`.execute(trx);
    try {
      const value = await item.work(trx);
      await sql`release savepoint lead_work`.execute(trx);
      settled.push({ ok: true, value });
    } catch (error) {
      await sql`rollback to savepoint lead_work`.execute(trx);
      await sql`release savepoint lead_work`.execute(trx);
      settled.push({ ok: false, error });
    }
  }
  return settled;
}

export function isPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const groups = new WeakMap<Kysely<Database>, GroupCommit>();

/** The database's group commit, made on first use (one per open database, none at import). */
export function groupCommitOf(db: Kysely<Database>): GroupCommit {
  let group = groups.get(db);
  if (!group) {
    group = new GroupCommit(db, !isPostgres(db));
    groups.set(db, group);
  }
  return group;
}

/**
 * A write that must be durable before its caller goes on (an outbox claim before the send, a lead's
 * event). SQLite: it joins the group commit instead of paying an fsync of its own, which on the
 * single connection held every lead behind it; PostgreSQL: it runs as it is (autocommit).
 */
export function writeShared<T>(db: Kysely<Database>, work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const group = groupCommitOf(db);
  return group.shared ? group.run(work) : work(db);
}

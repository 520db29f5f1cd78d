import { statSync } from "node:fs";
import {
  CompiledQuery,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDatabase,
  type SqliteDialectConfig,
  type SqliteStatement,
} from "kysely";

/** The SQLite file the process opened is gone or another file now sits at its path. */
export class DatabaseFileGoneError extends Error {
  override name = "DatabaseFileGoneError";
}

/** Another writer held the SQLite write lock past the wait. */
export class DatabaseBusyError extends Error {
  override name = "DatabaseBusyError";
}

export type SqliteGuardOptions = {
  /** The database file; its identity (device + inode) is taken now and checked before each write. */
  file: string;
  /** How long a statement waits for another writer's lock, without blocking the event loop. */
  busyWaitMs: number;
};

type FileIdentity = { dev: number; ino: number };

function identityOf(file: string): FileIdentity | null {
  try {
    const info = statSync(file);
    return { dev: info.dev, ino: info.ino };
  } catch {
    return null;
  }
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED"));
}

const READ_ONLY = /^\s*(select|pragma|explain|rollback)\b/i;

/**
 * better-sqlite3 is synchronous: with its busy timeout, a write waiting for another process's lock
 * froze every tenant for up to 5 s. Here the busy timeout is 0 and a busy statement
 * is retried with short sleeps on the event loop until `busyWaitMs`, then fails (the form answers
 * 503). And since a deleted or replaced file keeps working through the open handle — silently
 * losing every write at the next restart — each write first checks the file is still the one opened.
 */
class GuardedConnection implements DatabaseConnection {
  /** Between BEGIN IMMEDIATE and COMMIT/ROLLBACK this connection holds the write lock. */
  inTransaction = false;

  constructor(
    private readonly inner: DatabaseConnection,
    private readonly options: SqliteGuardOptions,
    private readonly opened: FileIdentity | null,
    /** Lets other queries use the (single) connection while this one sleeps, then takes it back. */
    private readonly yieldConnection: (ms: number) => Promise<void>,
  ) {}

  private checkFile(compiled: CompiledQuery): void {
    // Checked at BEGIN and for each write outside a transaction: a stat per statement of a
    // transaction was 2–3 % of a lead's CPU, and a file swapped mid-transaction is caught by the next.
    if (this.opened === null || this.inTransaction || READ_ONLY.test(compiled.sql)) return;
    const now = identityOf(this.options.file);
    if (now === null || now.dev !== this.opened.dev || now.ino !== this.opened.ino) {
      throw new DatabaseFileGoneError(`the database file ${this.options.file} was deleted or replaced while the server ran; restart it`);
    }
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    this.checkFile(compiled);
    const started = Date.now();
    let pause = 5;
    for (;;) {
      try {
        return await this.inner.executeQuery<R>(compiled);
      } catch (error) {
        if (!isBusy(error)) throw error;
        if (Date.now() - started >= this.options.busyWaitMs) {
          throw new DatabaseBusyError(`the database stayed locked by another writer for ${this.options.busyWaitMs} ms`, { cause: error });
        }
        // Outside a transaction nothing is half done, so reads (other tenants' pages) may use the
        // connection meanwhile; inside one (rare: transactions start IMMEDIATE) it is held.
        if (this.inTransaction) await new Promise((resolve) => setTimeout(resolve, pause));
        else await this.yieldConnection(pause);
        pause = Math.min(pause * 2, 100);
      }
    }
  }

  streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiled, chunkSize);
  }
}

class GuardedDriver implements Driver {
  private readonly connections = new WeakMap<DatabaseConnection, GuardedConnection>();
  private readonly inners = new WeakMap<GuardedConnection, DatabaseConnection>();
  private opened: FileIdentity | null = null;

  constructor(
    private readonly inner: Driver,
    private readonly options: SqliteGuardOptions,
  ) {}

  async init(): Promise<void> {
    await this.inner.init();
    this.opened = identityOf(this.options.file);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    let guarded = this.connections.get(connection);
    if (!guarded) {
      const yieldConnection = async (ms: number) => {
        await this.inner.releaseConnection(connection);
        await new Promise((resolve) => setTimeout(resolve, ms));
        await this.inner.acquireConnection();
      };
      guarded = new GuardedConnection(connection, this.options, this.opened, yieldConnection);
      this.connections.set(connection, guarded);
      this.inners.set(guarded, connection);
    }
    return guarded;
  }

  private innerOf(connection: DatabaseConnection): DatabaseConnection {
    return this.inners.get(connection as GuardedConnection) ?? connection;
  }

  // IMMEDIATE takes the write lock at BEGIN, while nothing is done yet: the wait for it can let
  // other queries through, and the statements after it no longer meet a busy database.
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
    (connection as GuardedConnection).inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("commit"));
    (connection as GuardedConnection).inTransaction = false;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as GuardedConnection).inTransaction = false;
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(this.innerOf(connection));
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** Kysely's SQLite dialect with the lock wait moved off the event loop and the file-identity check. */
export class GuardedSqliteDialect extends SqliteDialect {
  constructor(
    config: SqliteDialectConfig,
    private readonly guard: SqliteGuardOptions,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    return new GuardedDriver(super.createDriver(), this.guard);
  }
}

/**
 * Kysely prepares every statement anew; the same few statements run for every lead, so the prepared
 * ones are kept (most recently used first, at most `max`) and reused. Statements of one connection
 * never run concurrently (Kysely holds the single connection per query or transaction), so sharing
 * them is safe.
 */
export function reusingStatements(database: SqliteDatabase, max = 256): SqliteDatabase {
  const prepared = new Map<string, SqliteStatement>();
  return {
    close: () => {
      prepared.clear();
      return database.close();
    },
    prepare(sql: string): SqliteStatement {
      let statement = prepared.get(sql);
      if (statement) prepared.delete(sql);
      else statement = database.prepare(sql);
      prepared.set(sql, statement);
      if (prepared.size > max) prepared.delete(prepared.keys().next().value as string);
      return statement;
    },
  };
}

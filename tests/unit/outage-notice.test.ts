import pg from "pg";
import pino from "pino";
import { describe, expect, it } from "vitest";
import type { Db } from "~/server/db/connection";
import { isLostConnection, isTransientDbError, retryWhileDbAway } from "~/server/db/wait-for-db";
import { outageNotice } from "~/server/lib/outage-notice";

function capture() {
  const lines: Array<{ level: number; msg: string; err?: string }> = [];
  const log = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) });
  return { lines, log };
}

/** A Postgres error with the given SQLSTATE code. */
const dbError = (code: string) => Object.assign(new pg.DatabaseError("failed", 0, "error"), { code });

describe("outageNotice", () => {
  it("logs one warning per outage and one line when the system is back, however often each is reported", () => {
    const { lines, log } = capture();
    const notice = outageNotice(log, "redis unavailable", "redis reachable again");
    notice.up();
    for (let i = 0; i < 5; i++) notice.down(new Error("connect ECONNREFUSED 127.0.0.1:6379"));
    notice.up();
    notice.up();
    notice.down(new Error("read ECONNRESET"));
    expect(lines.map(({ level, msg, err }) => ({ level, msg, err }))).toEqual([
      { level: 40, msg: "redis unavailable", err: "connect ECONNREFUSED 127.0.0.1:6379" },
      { level: 30, msg: "redis reachable again", err: undefined },
      { level: 40, msg: "redis unavailable", err: "read ECONNRESET" },
    ]);
  });
});

describe("isTransientDbError (a start waits for these)", () => {
  it("waits for a refused or broken connection and a database starting or shutting down", () => {
    expect(isTransientDbError(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isTransientDbError(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isTransientDbError(dbError("57P03"))).toBe(true);
    expect(isTransientDbError(dbError("08006"))).toBe(true);
  });

  it("fails at once on a refused password or a missing database", () => {
    expect(isTransientDbError(dbError("28P01"))).toBe(false);
    expect(isTransientDbError(dbError("3D000"))).toBe(false);
  });
});

describe("isLostConnection (a start's migration or demo stock is tried again after these)", () => {
  it("a cut or refused connection, also when wrapped by the migrator", () => {
    expect(isLostConnection(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }))).toBe(true);
    expect(isLostConnection(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isLostConnection(dbError("57P01"))).toBe(true);
    expect(
      isLostConnection(new Error("database migration failed on db: x", { cause: new Error("Connection terminated unexpectedly") })),
    ).toBe(true);
  });

  it("not a broken migration or a bad stock file", () => {
    expect(isLostConnection(new Error("database migration failed on db: x", { cause: dbError("42P01") }))).toBe(false);
    expect(isLostConnection(new Error("tenants/x/stock.csv: line 3: price is not a number"))).toBe(false);
  });
});

describe("retryWhileDbAway", () => {
  const handle = { kind: "postgres", target: "127.0.0.1:5432/test" } as unknown as Db;
  const options = { waitMs: 1_000, firstDelayMs: 1, maxDelayMs: 2, log: capture().log };

  it("runs a step again after a lost connection and returns its result", async () => {
    let calls = 0;
    const result = await retryWhileDbAway(handle, options, async () => {
      calls += 1;
      if (calls < 3) throw new Error("Connection terminated unexpectedly");
      return "migrated";
    });
    expect({ result, calls }).toEqual({ result: "migrated", calls: 3 });
  });

  it("throws any other error at once, unchanged", async () => {
    let calls = 0;
    const broken = new Error('syntax error at or near "tabel"');
    await expect(
      retryWhileDbAway(handle, options, async () => {
        calls += 1;
        throw broken;
      }),
    ).rejects.toBe(broken);
    expect(calls).toBe(1);
  });

  it("gives up after the wait with the target and the last error", async () => {
    await expect(
      retryWhileDbAway(handle, { ...options, waitMs: 20 }, async () => {
        throw new Error("Connection terminated unexpectedly");
      }),
    ).rejects.toThrow("database 127.0.0.1:5432/test: Connection terminated unexpectedly");
  });
});

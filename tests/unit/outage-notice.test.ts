import pg from "pg";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { isTransientDbError } from "~/server/db/wait-for-db";
import { outageNotice } from "~/server/lib/outage-notice";

function capture() {
  const lines: Array<{ level: number; msg: string; err?: string }> = [];
  const log = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) });
  return { lines, log };
}

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
  const dbError = (code: string) => Object.assign(new pg.DatabaseError("failed", 0, "error"), { code });

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

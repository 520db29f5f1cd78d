import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { migrateToLatest } from "~/server/db/migrate";
import { openTestDb, type TestDb } from "./support/test-db";

let testDb: TestDb;
beforeAll(async () => {
  testDb = await openTestDb();
});
afterAll(async () => testDb?.cleanup());

describe(`migrations on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("create the lead tables, and a second run applies nothing", async () => {
    const { db } = testDb.handle;
    await db
      .insertInto("leads")
      .values({
        id: "l1",
        tenant: "harbourside",
        mock: 0,
        category: "General Enquiry",
        lead_status: "Complete",
        payload: "{}",
        created_at: Date.now(),
        updated_at: Date.now(),
        delivery_state: "pending",
      })
      .execute();
    const rows = await db.selectFrom("leads").select(["id", "tenant"]).execute();
    expect(rows).toEqual([{ id: "l1", tenant: "harbourside" }]);
    expect(await migrateToLatest(testDb.handle)).toEqual([]);
    const one = await sql<{ ok: number }>`select 1 as ok`.execute(db);
    expect(Number(one.rows[0]?.ok)).toBe(1);
  });
});

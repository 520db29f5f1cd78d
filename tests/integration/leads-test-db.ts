import type { Db } from "~/server/db/connection";
import { openTestDb as openSharedTestDb } from "./support/test-db";

export type TestDb = Db & { cleanup: () => Promise<void> };

/** The shared test database in the shape the lead store tests use (the handle itself). */
export async function openTestDb(): Promise<TestDb> {
  const { handle, cleanup } = await openSharedTestDb();
  return { ...handle, cleanup };
}

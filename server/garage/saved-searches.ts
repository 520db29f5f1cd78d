import type { Db } from "~/server/db/connection";

/** Up to 20 saved searches per account (a number of our own, docs/decisions.md). */
export const MAX_SAVED_SEARCHES = 20;
export const SEARCH_NAME_MAX = 100;
export const SEARCH_URL_MAX = 2000;

export type SavedSearchRow = { id: number; name: string; url: string; seen_at: number; digest: boolean };

/** A search address of this site to save: a path under /search, no host, within the length limit. */
export function savableSearchPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length > SEARCH_URL_MAX) return null;
  if (!value.startsWith("/search") || value.startsWith("//") || value.includes("\\")) return null;
  const url = new URL(value, "http://internal");
  url.searchParams.delete("page");
  return `${url.pathname}${url.search}`;
}

/** The saved search as a 'Latest' search: new matches are the first hits listed after seen_at. */
export function latestFirst(path: string): string {
  const url = new URL(path, "http://internal");
  url.searchParams.set("sortBy", "created_at_timestamp:desc");
  return `${url.pathname}${url.search}`;
}

export function savedSearchStore(handle: Db) {
  const { db } = handle;
  return {
    async list(tenant: string, userId: string): Promise<SavedSearchRow[]> {
      const rows = await db
        .selectFrom("saved_searches")
        .select(["id", "name", "url", "seen_at", "digest"])
        .where("tenant", "=", tenant)
        .where("user_id", "=", userId)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .execute();
      return rows.map((row) => ({ ...row, id: Number(row.id), digest: Number(row.digest) === 1 }));
    },
    /** False when the account already has 20. */
    async add(tenant: string, userId: string, name: string, url: string, now: number): Promise<boolean> {
      const count = await db
        .selectFrom("saved_searches")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("tenant", "=", tenant)
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow();
      if (Number(count.n) >= MAX_SAVED_SEARCHES) return false;
      await db.insertInto("saved_searches").values({ tenant, user_id: userId, name, url, created_at: now, seen_at: now }).execute();
      return true;
    },
    async remove(tenant: string, userId: string, id: number): Promise<void> {
      await db.deleteFrom("saved_searches").where("tenant", "=", tenant).where("user_id", "=", userId).where("id", "=", id).execute();
    },
    /**
     * The daily email on or off. Turning it on starts the new cars from now, so the first
     * email does not list the whole backlog; by id alone it serves the unsubscribe link (no sign-in).
     */
    async setDigest(tenant: string, id: number, on: boolean, now: number, userId?: string): Promise<void> {
      let query = db
        .updateTable("saved_searches")
        .set({ digest: on ? 1 : 0, digest_since: on ? now : null })
        .where("tenant", "=", tenant)
        .where("id", "=", id);
      if (userId !== undefined) query = query.where("user_id", "=", userId);
      await query.execute();
    },
    /** 'Mark as seen': new matches count from now. */
    async markSeen(tenant: string, userId: string, id: number, now: number): Promise<void> {
      await db
        .updateTable("saved_searches")
        .set({ seen_at: now })
        .where("tenant", "=", tenant)
        .where("user_id", "=", userId)
        .where("id", "=", id)
        .execute();
    },
  };
}

export type SavedSearchStore = ReturnType<typeof savedSearchStore>;

import type { AppLoadContext } from "@remix-run/node";

export type SavedSearchView = { id: number; name: string; url: string; newMatches: number | null };

/** A signed-in shopper's saved searches (issue 14 §3), newest first. */
export async function savedSearchesOf(context: AppLoadContext, userId: string): Promise<SavedSearchView[]> {
  const rows = await context.services.db.db
    .selectFrom("saved_searches")
    .select(["id", "name", "url", "seen_at"])
    .where("tenant", "=", context.tenant.slug)
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .execute();
  return rows.map((row) => ({ id: Number(row.id), name: row.name, url: row.url, newMatches: null }));
}

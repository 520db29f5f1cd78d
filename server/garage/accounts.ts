import { randomBytes } from "node:crypto";
import type { Db } from "~/server/db/connection";
import { CODE_TTL_MS, checkSignInCode, hashSignInCode, newSignInCode, type CodeCheck } from "./sign-in-code";
import { SESSION_TTL_MS, hashSessionToken, newSessionToken, sessionIsValid } from "./session-rules";

export type GarageUser = { id: string; email: string; name: string | null };

/** Garage accounts, one-time codes and sessions, per tenant. */
export function garageAccounts(handle: Db, secrets: readonly string[]) {
  const { db } = handle;
  const secret = secrets[0] ?? "";

  /** A new code for this email; every older unused one stops working. Returns the code to email. */
  async function issueCode(tenant: string, email: string, now: number): Promise<string> {
    const code = newSignInCode();
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable("garage_codes")
        .set({ used_at: now })
        .where("tenant", "=", tenant)
        .where("email", "=", email)
        .where("used_at", "is", null)
        .execute();
      await trx
        .insertInto("garage_codes")
        .values({ tenant, email, code_hash: hashSignInCode(secret, tenant, email, code), created_at: now, expires_at: now + CODE_TTL_MS })
        .execute();
    });
    return code;
  }

  /**
   * The typed code against the latest one sent: a wrong guess is counted, a right one is used up in
   * the same statement that checks it is still unused (two tabs cannot both sign in with it).
   */
  async function redeemCode(tenant: string, email: string, typed: string, now: number): Promise<CodeCheck> {
    const stored = await db
      .selectFrom("garage_codes")
      .select(["id", "code_hash", "attempts", "expires_at", "used_at"])
      .where("tenant", "=", tenant)
      .where("email", "=", email)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .executeTakeFirst();
    const typedHashes = secrets.map((s) => hashSignInCode(s, tenant, email, typed));
    let check = checkSignInCode(stored ?? null, typedHashes[0] ?? "", now);
    // A code mailed just before a secret rotation still works.
    for (const hash of typedHashes.slice(1)) if (check.kind === "wrong") check = checkSignInCode(stored ?? null, hash, now);
    if (!stored) return check;
    if (check.kind === "wrong") {
      await db
        .updateTable("garage_codes")
        .set({ attempts: stored.attempts + 1 })
        .where("id", "=", stored.id)
        .execute();
    } else if (check.kind === "ok") {
      const used = await db
        .updateTable("garage_codes")
        .set({ used_at: now })
        .where("id", "=", stored.id)
        .where("used_at", "is", null)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) === 0) return { kind: "used_up" };
    }
    return check;
  }

  async function userFor(tenant: string, email: string, now: number): Promise<GarageUser> {
    const existing = await db
      .selectFrom("garage_users")
      .select(["id", "email", "name"])
      .where("tenant", "=", tenant)
      .where("email", "=", email)
      .executeTakeFirst();
    if (existing) return existing;
    const id = `u_${randomBytes(12).toString("hex")}`;
    await db
      .insertInto("garage_users")
      .values({ id, tenant, email, name: null, created_at: now })
      .onConflict((conflict) => conflict.columns(["tenant", "email"]).doNothing())
      .execute();
    return db
      .selectFrom("garage_users")
      .select(["id", "email", "name"])
      .where("tenant", "=", tenant)
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
  }

  /** A new 30-day session; the token goes in the cookie, its hash in the table. */
  async function startSession(tenant: string, userId: string, now: number): Promise<string> {
    const token = newSessionToken();
    await db
      .insertInto("garage_sessions")
      .values({ id_hash: hashSessionToken(token), tenant, user_id: userId, created_at: now, expires_at: now + SESSION_TTL_MS })
      .execute();
    return token;
  }

  async function sessionUser(tenant: string, token: string, now: number): Promise<GarageUser | null> {
    const row = await db
      .selectFrom("garage_sessions")
      .innerJoin("garage_users", "garage_users.id", "garage_sessions.user_id")
      .select(["garage_sessions.tenant", "garage_sessions.expires_at", "garage_users.id", "garage_users.email", "garage_users.name"])
      .where("garage_sessions.id_hash", "=", hashSessionToken(token))
      .executeTakeFirst();
    if (!row || !sessionIsValid(row, tenant, now)) return null;
    return { id: row.id, email: row.email, name: row.name };
  }

  async function endSession(token: string): Promise<void> {
    await db.deleteFrom("garage_sessions").where("id_hash", "=", hashSessionToken(token)).execute();
  }

  /** Sign out everywhere: every session of the account ends. */
  async function endAllSessions(tenant: string, userId: string): Promise<void> {
    await db.deleteFrom("garage_sessions").where("tenant", "=", tenant).where("user_id", "=", userId).execute();
  }

  async function setName(tenant: string, userId: string, name: string | null): Promise<void> {
    await db.updateTable("garage_users").set({ name }).where("tenant", "=", tenant).where("id", "=", userId).execute();
  }

  return { issueCode, redeemCode, userFor, startSession, sessionUser, endSession, endAllSessions, setName };
}

export type GarageAccounts = ReturnType<typeof garageAccounts>;

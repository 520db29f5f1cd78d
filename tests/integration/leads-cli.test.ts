import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drainOutbox } from "~/server/leads/delivery/deliverer";
import { createLocalMailbox } from "~/server/leads/delivery/local-mailbox";
import type { Mailer } from "~/server/leads/delivery/mailer";
import { saveLead } from "~/server/leads/store";
import { loadTenants, type Tenant } from "~/server/tenants/load";
import { openTestDb, type TestDb } from "./support/test-db";

const run = promisify(execFile);
const TSX = path.resolve("node_modules/.bin/tsx");
const T0 = Date.UTC(2026, 5, 1, 9, 0, 0);

/** Runs `npm run leads:<name>` as a dealer would, against this file's database and DATA_DIR. */
async function cli(script: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(TSX, [`scripts/${script}.ts`, ...args], { env: { ...process.env, LOG_LEVEL: "silent" } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

let testDb: TestDb;
let harbourside: Tenant;
let kiwi: Tenant;
beforeAll(async () => {
  // forApp points DATA_DIR (and DATABASE_URL on PostgreSQL) at this file's database, so the scripts use it too.
  testDb = await openTestDb({ forApp: true });
  const tenants = loadTenants();
  harbourside = tenants.find((t) => t.slug === "harbourside")!;
  // A dealer with every kind of destination (the demo site ships with the emails only), all of them refusing below.
  harbourside.site.leads.webhook = { url: "http://127.0.0.1:9/harbourside", secret_env: "HARBOURSIDE_WEBHOOK_SECRET" };
  harbourside.site.leads.adf = { url: "http://127.0.0.1:9/harbourside/adf" };
  kiwi = tenants.find((t) => t.slug === "kiwi-motors")!;
});
afterAll(async () => {
  await testDb.cleanup();
});

const lead = {
  name: "Jane Citizen",
  first_name: "Jane",
  last_name: "Citizen",
  email: "jane@example.com",
  phone: "0412345678",
  category: "General Enquiry",
  message: "Call me back please",
};

const refusing: Mailer = {
  description: "refusing",
  send: () => Promise.reject(new Error("Can't send mail - all recipients were rejected: 550 mailbox unavailable")),
  close: () => undefined,
};

describe(`leads:inbox, leads:status and leads:retry on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("leads:inbox lists what arrived in the local mailbox: time, to and subject", async () => {
    const mailbox = createLocalMailbox(testDb.dataDir, "leads@forecourt.example");
    await saveLead(testDb.handle.db, { tenant: kiwi, lead, mock: false, status: "Complete", now: T0 });
    expect(await drainOutbox(testDb.handle.db, [kiwi], { now: () => T0, mailer: mailbox })).toEqual({
      delivered: 2,
      retrying: 0,
      undeliverable: 0,
    });
    mailbox.close();

    const { code, stdout } = await cli("leads-inbox", ["--tenant", "kiwi-motors"]);
    expect(code).toBe(0);
    const lines = stdout.trim().split("\n");
    expect(lines).toHaveLength(3);
    const subject = `General Enquiry: Jane Citizen — ${kiwi.site.name}`;
    expect(lines.slice(0, 2).sort()).toEqual(
      [
        expect.stringMatching(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z  leads@crm\\.kiwimotors\\.example\\.co\\.nz  ${subject}$`)),
        expect.stringMatching(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z  sales@kiwimotors\\.example\\.co\\.nz  ${subject}$`)),
      ].sort(),
    );
    expect(lines[2]).toBe(`2 messages in ${path.join(testDb.dataDir, "mailbox")}`);
    expect((await cli("leads-inbox", ["--tenant", "harbourside"])).stdout).toBe(
      `No messages in ${path.join(testDb.dataDir, "mailbox")}.\n`,
    );
  });

  it("leads:status shows counts per destination and the undeliverable leads; leads:retry re-queues them", async () => {
    const db = testDb.handle.db;
    const id = await saveLead(db, { tenant: harbourside, lead, mock: false, status: "Complete", now: T0 });
    const failingFetch = () => Promise.reject(new TypeError("fetch failed"));
    // 24 hours of refusals: every destination ends undeliverable.
    let now = T0;
    for (let i = 0; i < 60; i += 1) {
      await drainOutbox(db, [harbourside], { now: () => now, mailer: refusing, fetch: failingFetch, secrets: {} });
      const next = await db
        .selectFrom("lead_outbox")
        .select((eb) => eb.fn.min("next_attempt_at").as("next"))
        .where("lead_id", "=", id)
        .where("state", "=", "pending")
        .executeTakeFirst();
      if (next?.next === null || next?.next === undefined) break;
      now = Number(next.next);
    }

    const status = await cli("leads-status", ["--tenant", "harbourside"]);
    expect(status.code).toBe(0);
    expect(status.stdout).toContain("Lead delivery for harbourside");
    expect(status.stdout).toMatch(/destination\s+pending\s+delivered\s+undeliverable/);
    for (const destination of ["adf", "adf_email", "notification", "webhook"]) {
      expect(status.stdout).toMatch(new RegExp(`^${destination}\\s+0\\s+0\\s+1$`, "m"));
    }
    expect(status.stdout).toContain("Oldest pending: none");
    expect(status.stdout).toContain("Undeliverable:");
    expect(status.stdout).toContain(`${id}  notification  2026-06-01T09:00:00.000Z`);
    expect(status.stdout).toContain("last error: Can't send mail - all recipients were rejected: 550 mailbox unavailable");
    expect(status.stdout).toContain("last error: webhook secret HARBOURSIDE_WEBHOOK_SECRET is not set");
    expect(status.stdout).toContain("Re-queue one with: npm run leads:retry -- --lead <id>");

    const retry = await cli("leads-retry", ["--lead", id]);
    expect(retry).toMatchObject({ code: 0, stdout: `re-queued 4 deliveries of lead ${id}; the server sends them within seconds\n` });
    const after = await cli("leads-status", ["--tenant", "harbourside"]);
    for (const destination of ["adf", "adf_email", "notification", "webhook"]) {
      expect(after.stdout).toMatch(new RegExp(`^${destination}\\s+1\\s+0\\s+0$`, "m"));
    }
    expect(after.stdout).toMatch(/Oldest pending: \d+ (s|min|h|d)/);
    expect(after.stdout).not.toContain("Undeliverable:");

    // A fresh 24-hour window: one more refusal leaves the rows pending (the backoff keeps its hour), and a working
    // mailbox then delivers the emails.
    const requeuedAt = Number(
      (await db.selectFrom("lead_outbox").select("window_started_at").where("lead_id", "=", id).executeTakeFirstOrThrow())
        .window_started_at,
    );
    expect(
      await drainOutbox(db, [harbourside], { now: () => requeuedAt, mailer: refusing, fetch: failingFetch, secrets: {} }),
    ).toMatchObject({ retrying: 4, undeliverable: 0 });
    const mailbox = createLocalMailbox(testDb.dataDir, "leads@forecourt.example");
    const delivered = await drainOutbox(db, [harbourside], {
      now: () => requeuedAt + 3_600_000,
      mailer: mailbox,
      fetch: failingFetch,
      secrets: {},
    });
    mailbox.close();
    expect(delivered).toEqual({ delivered: 2, retrying: 2, undeliverable: 0 });
    const stored = await db.selectFrom("leads").select("delivery_state").where("id", "=", id).executeTakeFirstOrThrow();
    expect(stored.delivery_state).toBe("pending");
  });

  it("leads:retry says so when there is nothing to retry or no such lead", async () => {
    expect(await cli("leads-retry", ["--lead", "no-such-lead"])).toMatchObject({
      code: 1,
      stderr: "leads:retry: --lead no-such-lead: no such lead\n",
    });
    const id = await saveLead(testDb.handle.db, { tenant: kiwi, lead, mock: false, status: "Complete", now: T0 });
    expect(await cli("leads-retry", ["--lead", id])).toMatchObject({
      code: 1,
      stderr: `leads:retry: lead ${id} has no undeliverable deliveries\n`,
    });
    expect(await cli("leads-status", ["--tenant", "nowhere"])).toMatchObject({
      code: 1,
      stderr: "leads:status: --tenant nowhere: no such tenant\n",
    });
  });
});

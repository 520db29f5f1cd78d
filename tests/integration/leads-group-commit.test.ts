import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveLead } from "~/server/leads/store";
import { FillTokenUsedError } from "~/server/leads/store-errors";
import { makeTenant } from "../fixtures/leads-tenant";
import { openTestDb, type TestDb } from "./leads-test-db";

let handle: TestDb;
beforeAll(async () => {
  handle = await openTestDb();
});
afterAll(async () => {
  await handle.cleanup();
});

const tenant = makeTenant({
  slug: "group-commit",
  leads: { webhook: { url: "http://127.0.0.1:9/leads", secret_env: "TEST_WEBHOOK_SECRET" } },
});
const lead = { name: "Jane Citizen", category: "Service Enquiry", email: "jane@example.com" };

async function storedLeads(): Promise<string[]> {
  const rows = await handle.db.selectFrom("leads").select("id").where("tenant", "=", tenant.slug).execute();
  return rows.map((row) => row.id);
}

describe(`leads saved at the same moment on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"} (group commit)`, () => {
  it("every acknowledged lead is stored with its outbox row; a refused one is undone alone", async () => {
    const before = new Set(await storedLeads());
    const now = Date.now();
    // 30 leads at once, two of them with the same fill token: the second of those is refused.
    const saves = Array.from({ length: 30 }, (_, index) =>
      saveLead(handle.db, {
        tenant,
        lead: { ...lead, message: `lead ${index}` },
        mock: false,
        status: "Complete",
        fillToken: { token: index === 7 || index === 8 ? `shared-${now}` : `own-${now}-${index}`, issuedAt: now - 5_000 },
      }),
    );
    const outcomes = await Promise.allSettled(saves);
    const acknowledged = outcomes.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
    const refused = outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason as unknown] : []));
    expect(acknowledged).toHaveLength(29);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toBeInstanceOf(FillTokenUsedError);

    const stored = (await storedLeads()).filter((id) => !before.has(id));
    expect(new Set(stored)).toEqual(new Set(acknowledged));
    const outbox = await handle.db.selectFrom("lead_outbox").select("lead_id").where("tenant", "=", tenant.slug).execute();
    expect(new Set(outbox.map((row) => row.lead_id).filter((id) => !before.has(id)))).toEqual(new Set(acknowledged));
    const messages = await handle.db.selectFrom("leads").select("payload").where("id", "in", acknowledged).execute();
    expect(messages.map((row) => (JSON.parse(row.payload) as { message: string }).message).sort()).toHaveLength(29);
  });
});

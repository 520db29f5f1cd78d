import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { drainOutbox } from "~/server/leads/delivery/deliverer";
import { emailFor } from "~/server/leads/delivery/email";
import { createLocalMailbox, mailboxDir, readInbox } from "~/server/leads/delivery/local-mailbox";
import { createSmtpMailer, type Mailer } from "~/server/leads/delivery/mailer";
import { CLAIM_LEASE_MS, claim, dueRows } from "~/server/leads/outbox";
import { saveLead } from "~/server/leads/store";
import type { Tenant } from "~/server/tenants/load";
import { makeTenant } from "../fixtures/leads-tenant";
import { startSmtpReceiver, type SmtpReceiver } from "../fixtures/smtp-receiver";
import { openTestDb, type TestDb } from "./leads-test-db";

const T0 = Date.UTC(2026, 5, 1, 9, 0, 0);
const FROM = "leads@forecourt.example";

let handle: TestDb;
let receiver: SmtpReceiver;
let smtp: Mailer;
beforeAll(async () => {
  handle = await openTestDb();
  receiver = await startSmtpReceiver();
  smtp = createSmtpMailer(receiver.url, FROM);
});
afterAll(async () => {
  smtp.close();
  await receiver.close();
  await handle.cleanup();
});
beforeEach(async () => {
  await handle.db.updateTable("lead_outbox").set({ state: "delivered" }).where("state", "in", ["pending", "sending"]).execute();
  receiver.mails.length = 0;
  receiver.failNext(0);
});

/** Location 11 and 12 with their own inboxes, dealership 1 with one, and the site's sales inbox. */
function emailTenant(slug: string, options: { locationEmails?: boolean; dealershipEmail?: boolean } = {}): Tenant {
  const tenant = makeTenant({ slug, leads: { email: { crm_intake: "crm@dealer.example", sales_inbox: "sales@dealer.example" } } });
  const { site } = tenant;
  for (const location of site.locations)
    location.contact_detail.email = options.locationEmails === false ? null : `location${location.id}@dealer.example`;
  site.dealerships[0].email = options.dealershipEmail === false ? null : "dealership@dealer.example";
  return tenant;
}

const carLead = {
  name: "Jane Citizen",
  first_name: "Jane",
  last_name: "Citizen",
  email: "jane@example.com",
  phone: "0412345678",
  category: "Used Vehicle Enquiry",
  subcategory: "General Enquiry",
  message: "Is it <still> available?",
  car_type: "used",
  stock_number: "HS1234",
  "Vehicle Make": "Toyota",
  "Vehicle Model": "Corolla",
  "Vehicle Year": "2021",
  price: 25990,
  url: "https://harbourside.example/vehicles/2021-toyota-corolla-hs1234",
  dealership_slug: "dealer-1",
  location_id: 12,
};

const generalLead = {
  name: "Sam Lee",
  first_name: "Sam",
  last_name: "Lee",
  email: "sam@example.com",
  phone: "0412000111",
  category: "General Enquiry",
  message: "Open on Sunday?",
  dealership_slug: "dealer-1",
  location_id: null,
};

function mailTo(address: string) {
  const found = receiver.mails.filter((mail) => mail.envelopeTo.includes(address));
  expect(found).toHaveLength(1);
  return found[0];
}

describe(`email delivery over SMTP on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("sends the ADF email to the CRM and a readable notification to the chosen location", async () => {
    const tenant = emailTenant("mail-car");
    const id = await saveLead(handle.db, { tenant, lead: carLead, mock: false, status: "Complete", now: T0 });
    expect(await drainOutbox(handle.db, [tenant], { now: () => T0, mailer: smtp })).toEqual({
      delivered: 2,
      retrying: 0,
      undeliverable: 0,
    });
    expect(receiver.mails).toHaveLength(2);

    const adf = mailTo("crm@dealer.example");
    expect(adf.parsed.subject).toBe("Used Vehicle Enquiry: Jane Citizen — 2021 Toyota Corolla");
    expect(adf.parsed.html).toBe(false);
    expect(adf.parsed.text).toContain('<?adf version="1.0"?>');
    expect(adf.parsed.text).toContain('<vehicle interest="buy" status="used"><year>2021</year><make>Toyota</make><model>Corolla</model>');
    expect(adf.parsed.text).toContain("Is it &lt;still&gt; available?");
    expect(adf.parsed.text?.match(/<prospect[ >]/g)).toHaveLength(1);
    expect(adf.parsed.text).toContain(`<id sequence="1" source="Forecourt">${id}</id>`);
    expect(adf.parsed.messageId).toBe(`<${id}.v1.adf_email@forecourt>`);
    expect(adf.parsed.headers.get("idempotency-key")).toBe(`${id}:v1:adf_email`);
    expect(adf.parsed.from?.text).toBe(`"${tenant.site.name}" <${FROM}>`);

    const note = mailTo("location12@dealer.example");
    expect(note.parsed.subject).toBe("Used Vehicle Enquiry: Jane Citizen — 2021 Toyota Corolla");
    expect(note.parsed.replyTo?.text).toBe("jane@example.com");
    const text = note.parsed.text ?? "";
    for (const line of [
      "Enquiry type: Used Vehicle Enquiry — General Enquiry",
      "Location: Location 12",
      `Lead id: ${id}`,
      "Name: Jane Citizen",
      "Email: jane@example.com",
      "Phone: 0412345678",
      "Car: 2021 Toyota Corolla",
      "Stock number: HS1234",
      "Price shown: $25,990",
      "Page: https://harbourside.example/vehicles/2021-toyota-corolla-hs1234",
      "Message: Is it <still> available?",
    ]) {
      expect(text).toContain(line);
    }
    const html = String(note.parsed.html);
    expect(html).toContain('<a href="https://harbourside.example/vehicles/2021-toyota-corolla-hs1234">');
    expect(html).toContain("Is it &lt;still&gt; available?");
    expect(note.parsed.headers.get("idempotency-key")).toBe(`${id}:v1:notification`);

    const rows = await handle.db
      .selectFrom("lead_outbox")
      .select(["destination", "state", "attempts"])
      .where("lead_id", "=", id)
      .orderBy("destination")
      .execute();
    expect(rows.map((r) => [r.destination, r.state, Number(r.attempts)])).toEqual([
      ["adf_email", "delivered", 1],
      ["notification", "delivered", 1],
    ]);
  });

  it("routes a notification without a chosen location to the dealership, else to the site's sales inbox", async () => {
    const withDealership = emailTenant("mail-dealer");
    await saveLead(handle.db, { tenant: withDealership, lead: generalLead, mock: false, status: "Complete", now: T0 });
    const withoutDealership = emailTenant("mail-site", { dealershipEmail: false, locationEmails: false });
    await saveLead(handle.db, {
      tenant: withoutDealership,
      lead: { ...generalLead, location_id: 12 },
      mock: false,
      status: "Complete",
      now: T0,
    });
    await drainOutbox(handle.db, [withDealership, withoutDealership], { now: () => T0, mailer: smtp });

    const dealer = mailTo("dealership@dealer.example");
    expect(dealer.parsed.subject).toBe(`General Enquiry: Sam Lee — ${withDealership.site.name}`);
    expect(dealer.parsed.text).not.toContain("Car:");
    expect(dealer.parsed.text).toContain("Message: Open on Sunday?");
    expect(mailTo("sales@dealer.example").parsed.subject).toBe(`General Enquiry: Sam Lee — ${withoutDealership.site.name}`);
  });

  it("retries a refused message with backoff and the same Message-ID", async () => {
    const tenant = makeTenant({ slug: "mail-retry", leads: { email: { crm_intake: "crm@dealer.example" } } });
    const id = await saveLead(handle.db, { tenant, lead: carLead, mock: false, status: "Complete", now: T0 });
    receiver.failNext(1);
    expect(await drainOutbox(handle.db, [tenant], { now: () => T0, mailer: smtp })).toEqual({
      delivered: 0,
      retrying: 1,
      undeliverable: 0,
    });
    const [failed] = await handle.db.selectFrom("lead_outbox").selectAll().where("lead_id", "=", id).execute();
    expect(failed.state).toBe("pending");
    expect(failed.last_error).toContain("Mailbox busy, try again later");
    expect(Number(failed.next_attempt_at)).toBe(T0 + 30_000);
    expect(await drainOutbox(handle.db, [tenant], { now: () => T0 + 30_000, mailer: smtp })).toEqual({
      delivered: 1,
      retrying: 0,
      undeliverable: 0,
    });
    expect(receiver.mails.map((mail) => mail.parsed.messageId)).toEqual([`<${id}.v1.adf_email@forecourt>`]);
  });

  it("records the attempt before sending, and a resend after a crash keeps the same Message-ID", async () => {
    const tenant = makeTenant({ slug: "mail-crash", leads: { email: { crm_intake: "crm@dealer.example" } } });
    const id = await saveLead(handle.db, { tenant, lead: carLead, mock: false, status: "Complete", now: T0 });
    const seenBySend: unknown[] = [];
    const watching: Mailer = {
      description: "watching",
      async send(email) {
        const row = await handle.db
          .selectFrom("lead_outbox")
          .select(["state", "attempts", "attempt_started_at"])
          .where("lead_id", "=", id)
          .executeTakeFirstOrThrow();
        seenBySend.push({ state: row.state, attempts: Number(row.attempts), attempt_started_at: Number(row.attempt_started_at) });
        await smtp.send(email);
      },
      close: () => undefined,
    };
    // The worker that crashes: claims and sends, and dies before recording the outcome.
    const [row] = await dueRows(handle.db, T0, 10);
    expect(await claim(handle.db, [row], T0)).toEqual([row]);
    await watching.send(emailFor(row, tenant));
    expect(seenBySend).toEqual([{ state: "sending", attempts: 1, attempt_started_at: T0 }]);
    // Nobody resends while the crashed worker's lease runs; afterwards the row goes out once more, same key.
    expect(await drainOutbox(handle.db, [tenant], { now: () => T0 + 1000, mailer: watching })).toEqual({
      delivered: 0,
      retrying: 0,
      undeliverable: 0,
    });
    expect(await drainOutbox(handle.db, [tenant], { now: () => T0 + CLAIM_LEASE_MS, mailer: watching })).toEqual({
      delivered: 1,
      retrying: 0,
      undeliverable: 0,
    });
    expect(receiver.mails.map((mail) => mail.parsed.messageId)).toEqual([
      `<${id}.v1.adf_email@forecourt>`,
      `<${id}.v1.adf_email@forecourt>`,
    ]);
    expect(new Set(receiver.mails.map((mail) => mail.parsed.headers.get("idempotency-key")))).toEqual(new Set([`${id}:v1:adf_email`]));
    const stored = await handle.db.selectFrom("lead_outbox").selectAll().where("lead_id", "=", id).executeTakeFirstOrThrow();
    expect({ state: stored.state, attempts: Number(stored.attempts) }).toEqual({ state: "delivered", attempts: 2 });
  });
});

describe("local mailbox", () => {
  it("writes one .eml per message, and a resend after a crash replaces its own file", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "forecourt-mailbox-"));
    const mailbox = createLocalMailbox(dataDir, FROM);
    const tenant = emailTenant("mail-local");
    const id = await saveLead(handle.db, { tenant, lead: carLead, mock: false, status: "Complete", now: T0 });
    // A crashed worker already wrote the ADF email; the notification was never sent.
    const [adfRow] = (await dueRows(handle.db, T0, 10)).filter((r) => r.destination === "adf_email");
    expect(await claim(handle.db, [adfRow], T0)).toEqual([adfRow]);
    await mailbox.send(emailFor(adfRow, tenant));
    await drainOutbox(handle.db, [tenant], { now: () => T0 + CLAIM_LEASE_MS, mailer: mailbox });

    const dir = path.join(mailboxDir(dataDir), "mail-local");
    expect(readdirSync(dir).sort()).toEqual([`${id}_v1_adf_email.eml`, `${id}_v1_notification.eml`]);
    const inbox = await readInbox(dataDir, "mail-local");
    expect(inbox.map((entry) => [entry.to, entry.subject])).toEqual(
      expect.arrayContaining([
        ["crm@dealer.example", "Used Vehicle Enquiry: Jane Citizen — 2021 Toyota Corolla"],
        ["location12@dealer.example", "Used Vehicle Enquiry: Jane Citizen — 2021 Toyota Corolla"],
      ]),
    );
    expect(inbox).toHaveLength(2);
    mailbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
});

/**
 * The QA read-back API (docs/qa.md): /api/qa/leads and /api/qa/mailbox answer only a request bearing
 * QA_TOKEN, only about the tenant the Host picked, a limited number of times a minute; a production
 * process refuses QA_TOKEN without MOCK_LEADS=1 or QA_READBACK=1. Runs on SQLite and PostgreSQL.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailFor } from "~/server/leads/delivery/email";
import { dueRows } from "~/server/leads/outbox";
import { TEST_PHONE_NUMBER } from "~/server/leads/phone";
import { saveLead } from "~/server/leads/store";
import { readEnv } from "~/server/lib/env";
import { freshIp, startFormsApp, type FormsApp } from "./forms-harness";

const TOKEN = "qa-token-0123456789abcdef";
const HOST = "harbourside.localhost";
const CRM = "leads@crm.harbourside.example.com.au";
const dataDir = mkdtempSync(path.join(tmpdir(), "forecourt-qa-"));

let app: FormsApp;

const bearer = (token = TOKEN) => ({ authorization: `Bearer ${token}` });

async function postLead(email: string, host = HOST): Promise<string> {
  const lead = {
    category: "General Enquiry",
    name: "Jane",
    email,
    phone: TEST_PHONE_NUMBER,
    message: "Is the blue one still there?",
    location_id: 2101,
    dealership_slug: "harbourside-mazda",
  };
  const reply = await app.send(host, "/api/leads", {
    method: "POST",
    body: JSON.stringify({ lead }),
    headers: { "content-type": "application/json", origin: `http://${host}` },
  });
  expect(reply.status, reply.body).toBe(201);
  return (JSON.parse(reply.body) as { id: string }).id;
}

beforeAll(async () => {
  // Real (not mock) leads, so the outbox has rows; nothing delivers them in this process.
  app = await startFormsApp({ MOCK_LEADS: undefined, QA_TOKEN: TOKEN, QA_READBACK_PER_MINUTE: "5", DATA_DIR: dataDir });
});

afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the QA read-back API", () => {
  it("is 404 without the token and with a wrong one, on every path", async () => {
    const id = await postLead("jane.qa-auth@example.com");
    for (const urlPath of ["/api/qa/leads?email=jane.qa-auth@example.com", `/api/qa/leads/${id}`, `/api/qa/mailbox?to=${CRM}`]) {
      expect((await app.send(HOST, urlPath)).status, `${urlPath} without a token`).toBe(404);
      const wrong = await app.send(HOST, urlPath, { headers: bearer("qa-token-0123456789abcdeX") });
      expect(wrong.status, `${urlPath} with a wrong token`).toBe(404);
      expect(wrong.body).not.toContain("jane.qa-auth");
      expect((await app.send(HOST, urlPath, { headers: { authorization: TOKEN } })).status, `${urlPath} without "Bearer"`).toBe(404);
    }
  });

  it("returns the lead by email and by id: fields, category, status, mock flag, delivery state and outbox rows", async () => {
    const email = "Jane.QA-Happy@example.com";
    const id = await postLead(email);
    const byEmail = await app.send(HOST, `/api/qa/leads?email=${encodeURIComponent(email.toLowerCase())}`, { headers: bearer() });
    expect(byEmail.status).toBe(200);
    expect(byEmail.headers["cache-control"]).toBe("no-store");
    const { leads, tenant } = JSON.parse(byEmail.body) as { tenant: string; leads: Array<Record<string, unknown>> };
    expect(tenant).toBe("harbourside");
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({
      id,
      tenant: "harbourside",
      category: "General Enquiry",
      lead_status: "Complete",
      mock: false,
      delivery_state: "pending",
      fields: { email, first_name: "Jane", message: "Is the blue one still there?", event_id: 22, lead_id: id },
    });
    const destinations = (leads[0].outbox as Array<{ destination: string; state: string }>).map((row) => `${row.destination}:${row.state}`);
    expect(destinations).toEqual(["adf_email:pending", "notification:pending"]);

    const byId = await app.send(HOST, `/api/qa/leads/${id}`, { headers: bearer() });
    expect(byId.status).toBe(200);
    expect(JSON.parse(byId.body)).toMatchObject({ lead: { id, fields: { email } } });
  });

  it("a mock lead reads back with mock true and delivery state mock, and no outbox rows", async () => {
    const email = "jane.qa-mock@example.com";
    await saveLead(app.db.db, {
      tenant: app.tenant("harbourside"),
      lead: { category: "General Enquiry", email },
      mock: true,
      status: "Complete",
    });
    const read = JSON.parse((await app.send(HOST, `/api/qa/leads?email=${email}`, { headers: bearer() })).body) as {
      leads: Array<Record<string, unknown>>;
    };
    expect(read.leads[0]).toMatchObject({ mock: true, delivery_state: "mock", outbox: [] });
  });

  it("never shows another tenant's lead", async () => {
    const email = "jane.qa-other@example.com";
    const id = await postLead(email);
    const other = "southern-used.localhost";
    const byEmail = await app.send(other, `/api/qa/leads?email=${email}`, { headers: bearer() });
    expect(byEmail.status).toBe(200);
    expect(JSON.parse(byEmail.body)).toEqual({ tenant: "southern-used", leads: [] });
    expect((await app.send(other, `/api/qa/leads/${id}`, { headers: bearer() })).status).toBe(404);
    const mail = JSON.parse((await app.send(other, `/api/qa/mailbox?to=${CRM}`, { headers: bearer() })).body) as { messages: unknown[] };
    expect(mail.messages).toEqual([]);
  });

  it("the mailbox shows the outbox's ADF email and the local mailbox's file for the address", async () => {
    const email = "jane.qa-mail@example.com";
    const id = await postLead(email);
    // Sent to the local mailbox as the deliverer would (delivery is off in this test's process).
    const row = (await dueRows(app.db.db, Date.now(), 100)).find((due) => due.lead_id === id && due.destination === "adf_email");
    if (!row) throw new Error("no adf_email outbox row");
    await app.services.mailer.send(emailFor(row, app.tenant("harbourside")));

    const reply = await app.send(HOST, `/api/qa/mailbox?to=${CRM.toUpperCase()}`, { headers: bearer() });
    expect(reply.status).toBe(200);
    const messages = (JSON.parse(reply.body) as { messages: Array<Record<string, unknown>> }).messages.filter(
      (message) => message.lead_id === id,
    );
    expect(messages.map((message) => message.source)).toEqual(["outbox", "mailbox"]);
    for (const message of messages) {
      expect(message).toMatchObject({ to: [CRM], subject: expect.stringContaining("General Enquiry: Jane") });
      expect(message.body).toContain("<adf>");
      expect(message.body).toContain(`<email>${email}</email>`);
    }
    expect(messages[0]).toMatchObject({ destination: "adf_email", state: "pending" });
    expect((await app.send(HOST, "/api/qa/mailbox?to=nobody", { headers: bearer() })).status).toBe(400);
  });

  it("answers 429 past QA_READBACK_PER_MINUTE from one address, wrong tokens counted too", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const headers = i % 2 === 0 ? bearer("wrong-token-0123456789abcdef") : bearer();
      statuses.push((await app.send(HOST, "/api/qa/leads?email=nobody@example.com", { headers, ip })).status);
    }
    expect(statuses).toEqual([404, 200, 404, 200, 404, 429]);
  });
});

describe("QA_TOKEN in production", () => {
  /** The built server until it exits (or is healthy enough to print its addresses line). */
  function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
    return new Promise((resolve, reject) => {
      const childEnv: NodeJS.ProcessEnv = { ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent", DATA_DIR: dataDir, ...env };
      delete childEnv.MOCK_LEADS;
      delete childEnv.DATABASE_URL;
      const child = spawn(process.execPath, ["build/server.js"], { env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => {
        if (chunk.toString().includes("Forecourt is running")) child.kill("SIGTERM");
      });
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      child.on("error", reject);
      child.on("close", (code) => resolve({ code, stderr }));
    });
  }

  it("stops the start with one line unless MOCK_LEADS=1 or QA_READBACK=1", async () => {
    const refused = await start({ NODE_ENV: "production", QA_TOKEN: TOKEN });
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(
      "forecourt: cannot start: environment: QA_TOKEN: refused in production without MOCK_LEADS=1 or QA_READBACK=1 (the read-back would hand out real shoppers' leads)",
    );
    // The same settings with either opt-in are read as valid (a full start is the suite's own e2e run).
    for (const optIn of [{ MOCK_LEADS: "1" }, { QA_READBACK: "1" }]) {
      expect(readEnv({ NODE_ENV: "production", QA_TOKEN: TOKEN, ...optIn }).QA_TOKEN).toBe(TOKEN);
    }
  });
});

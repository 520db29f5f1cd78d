/**
 * /assistant's 'Talk to a person' hand-over: an ordinary enquiry lead through the lead pipeline
 * (validation, storage, delivery queue) whose message quotes the conversation, read back from the
 * database on SQLite and PostgreSQL; and the spec 001 §9 webchat events (54 opened, 55 a message,
 * 57 a lead) recorded for it as for the chat widgets.
 */
import { describe, expect, it } from "vitest";
import { successPath } from "~/server/leads/events";
import { formsAppForFile, validFields } from "./forms-harness";
import { transcriptOf } from "./support/html-text";

const HOST = "harbourside.localhost";

const app = formsAppForFile({ MOCK_LEADS: undefined });

async function leadsFor(tenant: string) {
  const rows = await app.db.db
    .selectFrom("leads")
    .select(["tenant", "category", "payload"])
    .where("tenant", "=", tenant)
    .orderBy("created_at")
    .execute();
  return rows.map((row) => ({ ...row, payload: JSON.parse(row.payload) as Record<string, unknown> }));
}

describe("the assistant's hand-over to a person", () => {
  it("stores one General Enquiry lead whose message carries the conversation", async () => {
    const asked = await app.postForm(HOST, "/assistant", {
      intent: "send",
      message: "Are you open on Sunday?",
      transcript: "[]",
      vehicle: "",
    });
    expect(asked.status).toBe(200);
    const transcript = transcriptOf(asked.body);
    expect(transcript).toContain("Are you open on Sunday?");

    const before = await leadsFor("harbourside");
    const fields = validFields("general", app.tenant("harbourside"), { message: "Can someone call me back?" });
    const reply = await app.postForm(HOST, "/assistant", { ...fields, transcript });
    expect(reply.status).toBe(303);
    expect(reply.headers.location).toBe(successPath("General Enquiry"));

    const after = await leadsFor("harbourside");
    expect(after.length).toBe(before.length + 1);
    const lead = after[after.length - 1];
    expect(lead).toMatchObject({ tenant: "harbourside", category: "General Enquiry" });
    expect(lead.payload).toMatchObject({
      category: "General Enquiry",
      website_slug: "harbourside",
      source: "Website",
      email: "jane@example.com",
    });
    const message = String(lead.payload.message);
    expect(message).toContain("Can someone call me back?");
    expect(message).toContain("Conversation with the site's assistant");
    expect(message).toContain("Visitor: Are you open on Sunday?");
    expect(message).toMatch(/Assistant: .*open (on Sunday|today), 10:00am-4:00pm/);
  });

  it("an invalid hand-over answers 400 and stores nothing", async () => {
    const before = await app.leadCount("harbourside");
    const reply = await app.postForm(HOST, "/assistant", { transcript: "[]", email: "not-an-email" });
    expect(reply.status).toBe(400);
    expect(await app.leadCount("harbourside")).toBe(before);
  });

  it("records webchat events 54 on opening, 55 once per conversation and 57 for the hand-over lead", async () => {
    const webchat = async () =>
      (
        await app.db.db
          .selectFrom("events")
          .select(["event_id", "url", "properties", "source"])
          .where("tenant", "=", "harbourside")
          .where("event_id", "in", [54, 55, 57])
          .orderBy("id")
          .execute()
      ).map((row) => ({ ...row, properties: row.properties ? (JSON.parse(row.properties) as unknown) : null }));
    const before = (await webchat()).length;
    const expected = (eventId: number) => ({ event_id: eventId, url: "/assistant", properties: { widget: "assistant" }, source: "server" });

    expect((await app.send(HOST, "/assistant")).status).toBe(200);
    const inside = "/assistant?conversation=";
    const first = await app.postForm(HOST, inside, { intent: "send", message: "what's your phone number", transcript: "[]" });
    expect(first.status).toBe(200);
    // The page rendered for a message is not another opening, and a second message is not counted again.
    await app.postForm(HOST, inside, { intent: "send", message: "where are you located?", transcript: transcriptOf(first.body) });
    expect((await webchat()).slice(before)).toEqual([expected(54), expected(55)]);

    // A hand-over the pipeline refuses is not a lead; the stored one is.
    expect((await app.postForm(HOST, inside, { transcript: "[]", email: "nope" })).status).toBe(400);
    const fields = validFields("general", app.tenant("harbourside"));
    expect((await app.postForm(HOST, inside, { ...fields, transcript: transcriptOf(first.body) })).status).toBe(303);
    expect((await webchat()).slice(before)).toEqual([expected(54), expected(55), expected(57)]);
  });
});

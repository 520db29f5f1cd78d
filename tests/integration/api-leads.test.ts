import { describe, expect, it } from "vitest";
import { MESSAGES } from "~/server/leads/messages";
import { TEST_PHONE_NUMBER } from "~/server/leads/phone";
import { UPLOAD_MESSAGES } from "~/server/leads/files";
import { GUARD_MESSAGES } from "~/server/handlers/leads/messages";
import { REQUEST_MESSAGES } from "~/server/lib/request-messages";
import { STORE_REFUSALS } from "~/server/leads/store-errors";
import { CROSS_SITE_MESSAGE } from "~/server/security/cross-site";
import { freshIp, formsAppForFile, validFields, type Reply } from "./forms-harness";

const HOST = "harbourside.localhost";

/** harbourside's site.json names LEAD_API_KEY_HARBOURSIDE as its lead API key's variable. */
const API_KEY = "harbourside-test-api-key-0123456789";

const app = formsAppForFile({ MOCK_LEADS: "1", LEAD_API_KEY_HARBOURSIDE: API_KEY });

/** A call from the tenant's own pages (same-origin Origin), as the site's scripts make it. */
function postJson(host: string, urlPath: string, body: unknown, method = "POST", headers: Record<string, string> = {}): Promise<Reply> {
  return app.send(host, urlPath, {
    method,
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", accept: "application/json", origin: `http://${host}`, ...headers },
  });
}

type Created = { id: string; update_token: string };

async function create(lead: Record<string, unknown>, urlPath = "/api/leads"): Promise<Created> {
  const reply = await postJson(HOST, urlPath, { lead });
  expect(reply.status).toBe(201);
  return JSON.parse(reply.body) as Created;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const goodLead = {
  category: "Service Enquiry",
  name: "Jane",
  last_name: "Citizen",
  email: "jane@example.com",
  phone: TEST_PHONE_NUMBER,
  message: "Please book a service.",
  location_id: 2101,
  dealership_slug: "harbourside-mazda",
  opt_in: true,
};

async function row(id: string) {
  return app.db.db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirst();
}

async function outboxCount(id: string): Promise<number> {
  const rows = await app.db.db.selectFrom("lead_outbox").select("id").where("lead_id", "=", id).execute();
  return rows.length;
}

describe("POST /api/leads", () => {
  it("validates with the kind's form schema, stores the lead and answers 201 {id}", async () => {
    const reply = await postJson(HOST, "/api/leads", { lead: goodLead });
    expect(reply.status).toBe(201);
    const { id } = JSON.parse(reply.body) as { id: string };
    const stored = await row(id);
    expect(stored).toMatchObject({ tenant: "harbourside", category: "Service Enquiry", lead_status: "Complete", mock: 0 });
    const payload = JSON.parse(String(stored?.payload)) as Record<string, unknown>;
    expect(payload).toMatchObject({
      email: "jane@example.com",
      location_id: 2101,
      website_slug: "harbourside",
      source: "Website",
      subcategory: "Service Booking",
      event_id: 18,
    });
    // harbourside (without DEMO_FAKES) delivers to the CRM's ADF email and the sales notification: one outbox row each.
    expect(await outboxCount(id)).toBe(2);
  });

  it("answers 400 {error} with the spec's message and stores nothing", async () => {
    const before = await app.leadCount();
    const reply = await postJson(HOST, "/api/leads", { lead: { ...goodLead, email: "not-an-email" } });
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body)).toMatchObject({ error: `email: ${MESSAGES.invalidEmail}`, errors: { email: [MESSAGES.invalidEmail] } });
    const missing = await postJson(HOST, "/api/leads", { lead: { category: "General Enquiry" } });
    expect(JSON.parse(missing.body).errors.name).toEqual([MESSAGES.required]);
    expect(await app.leadCount()).toBe(before);
  });

  it("sends careers as General Enquiry / Career Enquiry with event id 51", async () => {
    const reply = await postJson(HOST, "/api/leads", { lead: { ...goodLead, category: "Careers Enquiry" } });
    expect(reply.status).toBe(201);
    const stored = await row((JSON.parse(reply.body) as { id: string }).id);
    expect(JSON.parse(String(stored?.payload))).toMatchObject({ category: "General Enquiry", subcategory: "Career Enquiry", event_id: 51 });
  });

  it("refuses a body that is not {lead:{…}} JSON, and other methods", async () => {
    expect((await postJson(HOST, "/api/leads", { name: "x" })).status).toBe(400);
    const notJson = await app.send(HOST, "/api/leads", {
      method: "POST",
      body: "lead=1",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: `http://${HOST}` },
    });
    expect(notJson.status).toBe(415);
    expect(JSON.parse(notJson.body)).toEqual({ error: REQUEST_MESSAGES.invalidJson });
    const get = await app.send(HOST, "/api/leads");
    expect(get.status).toBe(405);
  });
});

describe("PUT /api/leads/{lead_id}", () => {
  it("updates this tenant's lead, validating only the fields sent", async () => {
    const created = await create({ ...goodLead, lead_status: "Incomplete", message: undefined });
    expect((await row(created.id))?.lead_status).toBe("Incomplete");
    const bad = await postJson(HOST, `/api/leads/${created.id}`, { lead: { phone: "12" } }, "PUT", bearer(created.update_token));
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).error).toBe(`phone: ${MESSAGES.phoneAu}`);

    const reply = await postJson(
      HOST,
      `/api/leads/${created.id}`,
      { lead: { message: "Now complete", name: "Janet", step_number: 2, lead_status: "Complete" } },
      "PUT",
      bearer(created.update_token),
    );
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toEqual({ id: created.id });
    const stored = await row(created.id);
    expect(stored).toMatchObject({ lead_status: "Complete", version: 2 });
    expect(JSON.parse(String(stored?.payload))).toMatchObject({
      message: "Now complete",
      name: "Janet",
      first_name: "Janet",
      email: "jane@example.com",
      step_number: 2,
    });
  });

  it("answers 404 {error} for another tenant's lead and changes nothing", async () => {
    const created = await create({ ...goodLead, lead_status: "Incomplete" });
    const reply = await postJson(
      "kiwi-motors.localhost",
      `/api/leads/${created.id}`,
      { lead: { message: "hijack" } },
      "PUT",
      bearer(created.update_token),
    );
    expect(reply.status).toBe(404);
    expect(JSON.parse(reply.body)).toEqual({ error: GUARD_MESSAGES.leadNotFound });
    expect(JSON.parse(String((await row(created.id))?.payload)).message).toBe(goodLead.message);
    expect((await postJson(HOST, "/api/leads/not-a-uuid", { lead: {} }, "PUT")).status).toBe(404);
  });

  it("answers 404 without the lead's update token, or with a wrong one, and changes nothing", async () => {
    const created = await create({ ...goodLead, lead_status: "Incomplete" });
    const other = await create({ ...goodLead, lead_status: "Incomplete" });
    const attempts = [
      {},
      bearer(other.update_token),
      bearer(""),
      { authorization: `Basic ${created.update_token}` },
      bearer(created.update_token.slice(0, -1)),
    ];
    for (const headers of attempts) {
      const reply = await postJson(
        HOST,
        `/api/leads/${created.id}`,
        { lead: { message: "hijack", lead_status: "Complete" } },
        "PUT",
        headers,
      );
      expect(reply.status).toBe(404);
      expect(JSON.parse(reply.body)).toEqual({ error: GUARD_MESSAGES.leadNotFound });
    }
    const wrongInBody = await postJson(
      HOST,
      `/api/leads/${created.id}`,
      { lead: { message: "hijack" }, update_token: other.update_token },
      "PUT",
    );
    expect(wrongInBody.status).toBe(404);
    expect(await row(created.id)).toMatchObject({ lead_status: "Incomplete", version: 1 });
    expect(JSON.parse(String((await row(created.id))?.payload)).message).toBe(goodLead.message);
  });

  it("takes the token in the body's update_token too, and stores only its hash", async () => {
    const created = await create({ ...goodLead, lead_status: "Incomplete" });
    expect(created.update_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await app.db.db.selectFrom("leads").select("update_token_hash").where("id", "=", created.id).executeTakeFirstOrThrow();
    expect(stored.update_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.update_token_hash).not.toContain(created.update_token);
    const reply = await postJson(
      HOST,
      `/api/leads/${created.id}`,
      { lead: { message: "Updated", lead_status: "Incomplete" }, update_token: created.update_token },
      "PUT",
    );
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toEqual({ id: created.id });
  });

  it("answers 409 with a message for a Complete lead and leaves it as it is", async () => {
    const created = await create(goodLead);
    const reply = await postJson(
      HOST,
      `/api/leads/${created.id}`,
      { lead: { message: "Changed after sending", lead_status: "Incomplete" } },
      "PUT",
      bearer(created.update_token),
    );
    expect(reply.status).toBe(409);
    expect(JSON.parse(reply.body)).toEqual({ error: STORE_REFUSALS.complete });
    expect(await row(created.id)).toMatchObject({ lead_status: "Complete", version: 1 });
    expect(JSON.parse(String((await row(created.id))?.payload)).message).toBe(goodLead.message);
  });
});

describe("who may call the JSON API", () => {
  const plain = (headers: Record<string, string>) =>
    app.send(HOST, "/api/leads", {
      method: "POST",
      body: JSON.stringify({ lead: goodLead }),
      headers: { "content-type": "application/json", ...headers },
    });

  it("refuses a call with no Origin and no API key, and one with a wrong key, with 403", async () => {
    const before = await app.leadCount();
    for (const headers of [{}, { "x-api-key": "not-the-key" }] as Record<string, string>[]) {
      const reply = await plain(headers);
      expect(reply.status).toBe(403);
      expect(JSON.parse(reply.body)).toEqual({ error: GUARD_MESSAGES.apiKeyRequired });
    }
    expect(await app.leadCount()).toBe(before);
  });

  it("accepts the tenant's API key (the variable site.json names) without an Origin", async () => {
    const reply = await plain({ "x-api-key": API_KEY });
    expect(reply.status).toBe(201);
    expect(JSON.parse(reply.body)).toMatchObject({ id: expect.any(String), update_token: expect.any(String) });
  });

  it("refuses another site's page with 403, API key or not", async () => {
    for (const headers of [
      { origin: "https://evil.example" },
      { origin: "null" },
      { origin: "https://evil.example", "x-api-key": API_KEY },
      { origin: `http://${HOST}`, "sec-fetch-site": "cross-site" },
    ] as Record<string, string>[]) {
      const reply = await plain(headers);
      expect(reply.status).toBe(403);
      expect(JSON.parse(reply.body)).toEqual({ error: CROSS_SITE_MESSAGE });
    }
  });

  it("counts every call against the forms' rate limit", async () => {
    const ip = freshIp();
    for (let i = 0; i < 8; i += 1)
      await app.send(HOST, "/api/leads", { method: "POST", ip, body: "{}", headers: { "content-type": "application/json" } });
    const reply = await app.send(HOST, "/api/leads", {
      method: "POST",
      ip,
      body: JSON.stringify({ lead: goodLead }),
      headers: { "content-type": "application/json", "x-api-key": API_KEY },
    });
    expect(reply.status).toBe(429);
  });
});

describe("POST /api/leads/with-files", () => {
  const png = Buffer.from(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c6360000000020001e221bc330000000049454e44ae426082",
    "hex",
  );

  function multipart(parts: { name: string; value: string | Buffer; filename?: string; type?: string }[]) {
    const boundary = "----forms-test-boundary";
    const chunks: Buffer[] = [];
    for (const part of parts) {
      const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ""}`;
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ""}\r\n`),
      );
      chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
      chunks.push(Buffer.from("\r\n"));
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
  }

  it("stores the lead with has_files and one lead_files row per file", async () => {
    const { body, contentType } = multipart([
      {
        name: "lead",
        value: JSON.stringify({
          ...goodLead,
          category: "Sell My Car Enquiry",
          "Vehicle Make": "Mazda",
          "Vehicle Model": "3",
          "Vehicle Year": "2019",
        }),
      },
      { name: "files", value: png, filename: "car.png", type: "image/png" },
    ]);
    const reply = await app.send(HOST, "/api/leads/with-files", {
      method: "POST",
      body,
      headers: { "content-type": contentType, origin: `http://${HOST}` },
    });
    expect(reply.status).toBe(201);
    const { id } = JSON.parse(reply.body) as { id: string };
    expect(JSON.parse(String((await row(id))?.payload))).toMatchObject({ has_files: true, category: "Sell My Car Enquiry" });
    const files = await app.db.db.selectFrom("lead_files").selectAll().where("lead_id", "=", id).execute();
    expect(files.map((file) => file.content_type)).toEqual(["image/png"]);
  });

  it("refuses a file that is not an allowed type (by its bytes) with 400 and stores nothing", async () => {
    const before = await app.leadCount();
    const { body, contentType } = multipart([
      { name: "lead", value: JSON.stringify(goodLead) },
      { name: "files", value: Buffer.from("MZ not an image"), filename: "car.png", type: "image/png" },
    ]);
    const reply = await app.send(HOST, "/api/leads/with-files", {
      method: "POST",
      body,
      headers: { "content-type": contentType, "x-api-key": API_KEY },
    });
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body)).toEqual({ error: UPLOAD_MESSAGES.type });
    expect(await app.leadCount()).toBe(before);
  });
});

describe("mock mode (MOCK_LEADS=1)", () => {
  it("POST /mock/leads validates and stores with mock=1 and no outbox rows", async () => {
    const reply = await postJson(HOST, "/mock/leads", { lead: goodLead });
    expect(reply.status).toBe(201);
    const { id } = JSON.parse(reply.body) as { id: string };
    expect(await row(id)).toMatchObject({ mock: 1, delivery_state: "mock" });
    expect(await outboxCount(id)).toBe(0);
    expect((await postJson(HOST, "/mock/leads", { lead: { ...goodLead, phone: "1" } })).status).toBe(400);
  });

  it("PUT /mock/leads/{id} updates a mock lead but never a real one", async () => {
    const mock = await create({ ...goodLead, lead_status: "Incomplete" }, "/mock/leads");
    const change = { lead: { message: "changed", lead_status: "Incomplete" } };
    expect((await postJson(HOST, `/mock/leads/${mock.id}`, change, "PUT", bearer(mock.update_token))).status).toBe(200);
    expect(await outboxCount(mock.id)).toBe(0);
    const real = await create({ ...goodLead, lead_status: "Incomplete" });
    expect((await postJson(HOST, `/mock/leads/${real.id}`, change, "PUT", bearer(real.update_token))).status).toBe(404);
    expect((await postJson(HOST, `/api/leads/${mock.id}`, change, "PUT", bearer(mock.update_token))).status).toBe(404);
  });

  it("a form page on a site in mock mode stores a mock lead that is never delivered", async () => {
    const reply = await app.postForm(HOST, "/contact", validFields("general", app.tenant("harbourside")));
    expect(reply.status).toBe(303);
    const stored = await app.db.db
      .selectFrom("leads")
      .select(["id", "mock", "delivery_state"])
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ mock: 1, delivery_state: "mock" });
    expect(await outboxCount(stored.id)).toBe(0);
  });
});

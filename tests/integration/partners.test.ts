import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "~/server/leads/messages";
import { TEST_PHONE_NUMBER } from "~/server/leads/phone";
import { TRADE_IN_FLOW } from "~/server/multi-step/flows";
import { PARTNER_MESSAGES } from "~/server/partners/messages";
import { startFakePartner, type FakePartner } from "../fixtures/fake-partner";
import { startFormsApp, type FormsApp, type Reply } from "./forms-harness";
import { FlowVisitor } from "./multi-step-visitor";

let app: FormsApp;
let partner: FakePartner;

// harbourside enables no partner; southern-used is switched on here for every one, against the fake.
const OFF = "harbourside.localhost";
const ON = "southern-used.localhost";
const KEYS = { TEST_NEVDIS_KEY: "nevdis-key-1", TEST_AUTOGRAB_KEY: "autograb-key-1", TEST_CAR_CLARITY_KEY: "cc-key-1" };
const TIMEOUT_MS = 400;

const COROLLA = {
  make: "Toyota",
  model: "Corolla",
  year: 2015,
  badge: "Ascent",
  body_type: "Hatch",
  transmission: "Automatic",
  fuel: "Petrol",
};

beforeAll(async () => {
  partner = await startFakePartner();
  app = await startFormsApp({ ...KEYS, PARTNER_TIMEOUT_MS: String(TIMEOUT_MS), RATE_LIMIT_PER_MINUTE: "1000" });
  const site = app.tenant("southern-used").site;
  site.flags.nevdis = true;
  site.flags.autograb = true;
  site.partners = {
    nevdis: { base_url: partner.url, key_env: "TEST_NEVDIS_KEY" },
    autograb: { base_url: `${partner.url}/`, key_env: "TEST_AUTOGRAB_KEY" },
    car_clarity: { base_url: partner.url, key_env: "TEST_CAR_CLARITY_KEY" },
  };
  partner.vehicles.set("ABC123", COROLLA);
});

afterAll(async () => {
  await app?.close();
  await partner?.close();
});

beforeEach(() => {
  partner.requests.length = 0;
});

function post(host: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  return app.send(host, path, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", accept: "application/json", origin: `http://${host}`, ...headers },
  });
}

const parsed = (reply: Reply) => JSON.parse(reply.body) as Record<string, unknown>;

describe("partner lookups on a site that has not enabled them", () => {
  for (const path of ["/api/nevdis", "/api/simple-autograb-lookup", "/api/carClarityCustomer"]) {
    it(`${path} answers JSON 404 'Not available on this site' to POST and GET, and calls no partner`, async () => {
      const posted = await post(OFF, path, { rego: "ABC123", state: "NSW" });
      expect(posted.status).toBe(404);
      expect(posted.headers["content-type"]).toContain("application/json");
      expect(parsed(posted)).toEqual({ error: "Not available on this site" });
      const got = await app.send(OFF, path);
      expect(got.status).toBe(404);
      expect(parsed(got)).toEqual({ error: "Not available on this site" });
      expect(partner.requests).toHaveLength(0);
    });
  }

  it("a flag without a key is not enabled either", async () => {
    const saved = process.env.TEST_NEVDIS_KEY;
    delete process.env.TEST_NEVDIS_KEY;
    try {
      const reply = await post(ON, "/api/nevdis", { rego: "ABC123", state: "NSW" });
      expect(reply.status).toBe(404);
      expect(parsed(reply)).toEqual({ error: PARTNER_MESSAGES.notAvailable });
    } finally {
      process.env.TEST_NEVDIS_KEY = saved;
    }
  });
});

describe("POST /api/nevdis and /api/simple-autograb-lookup where enabled", () => {
  it("NEVDIS: the plate and state go out as JSON with the bearer key; the vehicle comes back", async () => {
    const reply = await post(ON, "/api/nevdis", { rego: "abc 123", state: "nsw" });
    expect(reply.status).toBe(200);
    expect(parsed(reply).vehicle).toEqual({
      make: "Toyota",
      model: "Corolla",
      year: 2015,
      badge: "Ascent",
      series: null,
      body: "Hatch",
      transmission: "Automatic",
      fuel: "Petrol",
      colour: null,
      vin: null,
    });
    expect(partner.requests).toHaveLength(1);
    const [sent] = partner.requests;
    expect(sent).toMatchObject({ method: "POST", path: "/vehicles/lookup" });
    expect(sent.headers.authorization).toBe("Bearer nevdis-key-1");
    expect(sent.headers.accept).toBe("application/json");
    expect(JSON.parse(sent.body)).toEqual({ plate: "ABC123", state: "NSW" });
  });

  it("Autograb: a GET by plate and region with the ApiKey header, from a plain form post too", async () => {
    const reply = await app.send(ON, "/api/simple-autograb-lookup", {
      method: "POST",
      body: new URLSearchParams({ Rego: "ABC123", rego_state: "VIC" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: `http://${ON}` },
    });
    expect(reply.status).toBe(200);
    expect(parsed(reply).vehicle).toMatchObject({ make: "Toyota", model: "Corolla", year: 2015 });
    expect(partner.requests[0]).toMatchObject({ method: "GET", path: "/v2/vehicles/registrations/ABC123?region=vic" });
    expect(partner.requests[0].headers.apikey).toBe("autograb-key-1");
  });

  it("an unknown plate is 404 with the flows' not-found message; bad input is 400 and calls no one", async () => {
    const unknown = await post(ON, "/api/nevdis", { rego: "ZZZ999", state: "QLD" });
    expect(unknown.status).toBe(404);
    expect(parsed(unknown)).toEqual({ error: "We could not find that vehicle. Please enter its details." });
    partner.requests.length = 0;
    expect(parsed(await post(ON, "/api/nevdis", { state: "QLD" }))).toEqual({ error: PARTNER_MESSAGES.regoRequired });
    expect(parsed(await post(ON, "/api/nevdis", { rego: "ABC$123", state: "QLD" }))).toEqual({ error: PARTNER_MESSAGES.regoFormat });
    const noState = await post(ON, "/api/nevdis", { rego: "ABC123", state: "XX" });
    expect(noState.status).toBe(400);
    expect(parsed(noState)).toEqual({ error: PARTNER_MESSAGES.stateRequired });
    expect(partner.requests).toHaveLength(0);
  });

  it("a partner error with an `error` field passes that message on (502)", async () => {
    partner.answerNext({ status: 500, json: { error: "Registry offline for maintenance" } });
    const reply = await post(ON, "/api/nevdis", { rego: "ABC123", state: "NSW" });
    expect(reply.status).toBe(502);
    expect(parsed(reply)).toEqual({ error: "Registry offline for maintenance" });
  });

  it("without one: 'An unexpected error occurred' plus ': ' and the status text when present (spec 000 §8)", async () => {
    partner.answerNext({ status: 503, text: "down" });
    const withText = await post(ON, "/api/simple-autograb-lookup", { rego: "ABC123", state: "NSW" });
    expect(withText.status).toBe(502);
    expect(parsed(withText)).toEqual({ error: "An unexpected error occurred: Service Unavailable" });
    partner.answerNext({ status: 500, statusText: "", json: { message: "no error field" } });
    const bare = await post(ON, "/api/simple-autograb-lookup", { rego: "ABC123", state: "NSW" });
    expect(parsed(bare)).toEqual({ error: "An unexpected error occurred" });
  });

  it("a partner slower than PARTNER_TIMEOUT_MS is a 504, never a hang or a 500", async () => {
    partner.answerNext({ status: 200, json: { vehicle: COROLLA }, delayMs: TIMEOUT_MS * 5 });
    const started = Date.now();
    const reply = await post(ON, "/api/nevdis", { rego: "ABC123", state: "NSW" });
    expect(reply.status).toBe(504);
    expect(parsed(reply)).toEqual({ error: "An unexpected error occurred: Gateway Timeout" });
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 4);
  });

  it("an answer of another shape is the partner's fault: 502", async () => {
    partner.answerNext({ status: 200, json: { car: "Corolla" } });
    const reply = await post(ON, "/api/nevdis", { rego: "ABC123", state: "NSW" });
    expect(reply.status).toBe(502);
    expect(parsed(reply)).toEqual({ error: "An unexpected error occurred: Bad Gateway" });
  });

  it("refuses a call from another site's page and GET is 405 where enabled", async () => {
    const cross = await post(ON, "/api/nevdis", { rego: "ABC123", state: "NSW" }, { origin: "https://evil.example" });
    expect(cross.status).toBe(403);
    expect((await app.send(ON, "/api/nevdis")).status).toBe(405);
    expect(partner.requests).toHaveLength(0);
  });
});

describe("POST /api/carClarityCustomer where enabled", () => {
  it("forwards the shopper's details as form data with the bearer key and answers 201 {reference}", async () => {
    const reply = await post(ON, "/api/carClarityCustomer", {
      name: "Mary-Jane O'Brien",
      email: "mj@example.com",
      phone: TEST_PHONE_NUMBER,
    });
    expect(reply.status).toBe(201);
    expect(parsed(reply)).toEqual({ reference: "cc-1" });
    const [sent] = partner.requests;
    expect(sent).toMatchObject({ method: "POST", path: "/customers" });
    expect(sent.headers.authorization).toBe("Bearer cc-key-1");
    expect(sent.headers["content-type"]).toContain("multipart/form-data");
    expect(sent.body).toContain("Mary-Jane O'Brien");
    expect(sent.body).toContain("+61491570006");
    expect(sent.body).toContain("southern-used");
  });

  it("refuses bad details with the spec's messages and sends nothing", async () => {
    const reply = await post(ON, "/api/carClarityCustomer", { name: "Jane", email: "jane@example", phone: TEST_PHONE_NUMBER });
    expect(reply.status).toBe(400);
    expect(parsed(reply).error).toBe(MESSAGES.invalidEmail);
    expect(partner.requests).toHaveLength(0);
  });
});

describe("the multi-step vehicle step uses the same adapter", () => {
  it("'Find my vehicle' fills make, model and year from the partner; a site without one shows no button", async () => {
    const visitor = new FlowVisitor(app, ON);
    const page = await visitor.get(`${TRADE_IN_FLOW.path}?step=1`);
    expect(page.body).toContain('data-testid="step-lookup"');
    const looked = await visitor.post(TRADE_IN_FLOW, 1, { Rego: "ABC123", rego_state: "NSW" }, { intent: "lookup" });
    expect(looked.status).toBe(303);
    expect(partner.requests[0]).toMatchObject({ method: "POST", path: "/vehicles/lookup" });
    const filled = await visitor.get(`${TRADE_IN_FLOW.path}?step=1`);
    expect(filled.body).toContain('value="Toyota"');
    expect(filled.body).toContain('value="Corolla"');
    expect(filled.body).toContain('value="2015"');
    const off = await new FlowVisitor(app, OFF).get(`${TRADE_IN_FLOW.path}?step=1`);
    expect(off.body).not.toContain('data-testid="step-lookup"');
  });
});

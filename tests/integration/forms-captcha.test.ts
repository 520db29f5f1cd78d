import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeCaptcha, FAKE_CAPTCHA_TOKEN, type FakeCaptcha } from "~/server/fakes/captcha";
import { withDemoCaptcha } from "~/server/fakes/demo";
import { GUARD_MESSAGES } from "~/server/handlers/leads/messages";
import { findLatestVehicles } from "~/server/inventory/vehicle-source";
import { logger } from "~/server/lib/logger";
import { TRADE_IN_FLOW } from "~/server/multi-step/flows";
import { vehicleHref } from "~/server/stock/can-reserve";
import type { Vehicle } from "~/server/stock/vehicle";
import { html, startFormsApp, validFields, type FormsApp } from "./forms-harness";
import { FlowVisitor, validStep } from "./multi-step-visitor";

// outback-4x4 gets the demo's Turnstile captcha (as under DEMO_FAKES); the test gives its secret variable a value
// and points the verifier at the fake siteverify (the same fake DEMO_FAKES serves).
const SECRET_ENV = "DEMO_FAKES_CAPTCHA_SECRET";
const SECRET = "captcha-test-secret";
const HOST = "outback-4x4.localhost";
const TOKEN_FIELD = "cf-turnstile-response";

let app: FormsApp;
let fake: FakeCaptcha;
let fakeServer: Server;
let car: Vehicle;

beforeAll(async () => {
  fake = createFakeCaptcha({ secret: SECRET });
  fakeServer = createServer((req, res) => fake.handle(req, res, req.url ?? "/"));
  await new Promise<void>((resolve) => fakeServer.listen(0, "127.0.0.1", resolve));
  const { port } = fakeServer.address() as AddressInfo;
  app = await startFormsApp(
    { [SECRET_ENV]: SECRET, CAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify` },
    { prepareTenants: (tenants) => tenants.filter((tenant) => tenant.slug === "outback-4x4").forEach(withDemoCaptcha) },
  );
  const tenant = app.tenant("outback-4x4");
  const vehicles = await findLatestVehicles(tenant, { log: logger, now: Date.now(), backend: app.services.search.backendFor(tenant) });
  const found = vehicles[0];
  if (!found) throw new Error("outback-4x4 has no listed vehicle");
  car = found;
});

afterAll(async () => {
  await app?.close();
  await new Promise<void>((resolve) => (fakeServer ? fakeServer.close(() => resolve()) : resolve()));
  delete process.env[SECRET_ENV];
  delete process.env.CAPTCHA_VERIFY_URL;
});

describe("a tenant with a captcha", () => {
  it("renders the provider's container inside the form and lists its host in the CSP; other tenants do not", async () => {
    const page = await app.send(HOST, "/contact");
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<form[^>]*>(?:(?!<\/form>)[\s\S])*class="cf-turnstile" data-sitekey="1x00000000000000000000AA"/);
    expect(page.headers["content-security-policy"]).toMatch(/script-src [^;]*https:\/\/challenges\.cloudflare\.com/);
    expect(page.headers["content-security-policy"]).toMatch(/frame-src [^;]*https:\/\/challenges\.cloudflare\.com/);
    const other = await app.send("harbourside.localhost", "/contact");
    expect(other.body).not.toContain("cf-turnstile");
    expect(other.headers["content-security-policy"]).not.toContain("challenges.cloudflare.com");
  });

  it("stores a form whose token the provider passes, with the client address sent along", async () => {
    const before = await app.leadCount("outback-4x4");
    const reply = await app.postForm(HOST, "/contact", {
      ...validFields("general", app.tenant("outback-4x4")),
      [TOKEN_FIELD]: FAKE_CAPTCHA_TOKEN,
    });
    expect(reply.status).toBe(303);
    expect(await app.leadCount("outback-4x4")).toBe(before + 1);
    expect(fake.verified.at(-1)).toBe(FAKE_CAPTCHA_TOKEN);
  });

  it("refuses a bad or empty token with our message, re-renders the form and stores nothing", async () => {
    const before = await app.leadCount("outback-4x4");
    for (const token of ["forged-token", ""]) {
      const reply = await app.postForm(HOST, "/contact", { ...validFields("general", app.tenant("outback-4x4")), [TOKEN_FIELD]: token });
      expect(reply.status).toBe(400);
      expect(reply.body).toContain(html(GUARD_MESSAGES.captchaFailed));
      expect(reply.body).toContain('data-testid="lead-form"');
    }
    expect(await app.leadCount("outback-4x4")).toBe(before);
  });

  it("a form with no token field (no JavaScript) is accepted on the honeypot and fill time alone", async () => {
    const before = await app.leadCount("outback-4x4");
    const asked = fake.verified.length;
    const reply = await app.postForm(HOST, "/contact", validFields("general", app.tenant("outback-4x4")));
    expect(reply.status).toBe(303);
    expect(await app.leadCount("outback-4x4")).toBe(before + 1);
    expect(fake.verified.length).toBe(asked);
  });

  it("an invalid form is answered with its field messages before the provider is asked", async () => {
    const asked = fake.verified.length;
    const reply = await app.postForm(HOST, "/contact", { name: "", [TOKEN_FIELD]: FAKE_CAPTCHA_TOKEN });
    expect(reply.status).toBe(400);
    expect(fake.verified.length).toBe(asked);
  });

  it("the vehicle enquiry dialog checks it too", async () => {
    const path = `${vehicleHref(car, app.tenant("outback-4x4").site)}/enquire`;
    const fields = validFields("vehicle", app.tenant("outback-4x4"));
    const before = await app.leadCount("outback-4x4");
    const refused = await app.postForm(HOST, path, { ...fields, [TOKEN_FIELD]: "forged-token" });
    expect(refused.status).toBe(400);
    expect(await app.leadCount("outback-4x4")).toBe(before);
    const accepted = await app.postForm(HOST, path, { ...fields, [TOKEN_FIELD]: FAKE_CAPTCHA_TOKEN });
    expect(accepted.status).toBe(303);
    expect(await app.leadCount("outback-4x4")).toBe(before + 1);
  });

  it("a multi-step flow checks it on its first step before the lead is first stored", async () => {
    const visitor = new FlowVisitor(app, HOST);
    const step1 = validStep(TRADE_IN_FLOW, 1, app.tenant("outback-4x4"));
    const page = await visitor.get(`${TRADE_IN_FLOW.path}?step=1`);
    expect(page.body).toContain('class="cf-turnstile"');
    const before = await app.leadCount("outback-4x4");
    const refused = await visitor.post(TRADE_IN_FLOW, 1, { ...step1, [TOKEN_FIELD]: "forged-token" });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain(html(GUARD_MESSAGES.captchaFailed));
    expect(await app.leadCount("outback-4x4")).toBe(before);
    const accepted = await visitor.post(TRADE_IN_FLOW, 1, { ...step1, [TOKEN_FIELD]: FAKE_CAPTCHA_TOKEN });
    expect(accepted.status).toBe(303);
    expect(await app.leadCount("outback-4x4")).toBe(before + 1);
  });

  it("a multi-step flow checks it again on its last step: a forged token leaves the lead Incomplete, a passed one completes it", async () => {
    const tenant = app.tenant("outback-4x4");
    const visitor = new FlowVisitor(app, HOST);
    const first = await visitor.post(TRADE_IN_FLOW, 1, { ...validStep(TRADE_IN_FLOW, 1, tenant), [TOKEN_FIELD]: FAKE_CAPTCHA_TOKEN });
    expect(first.status).toBe(303);
    // The middle step shows no widget and needs no token.
    expect((await visitor.post(TRADE_IN_FLOW, 2, validStep(TRADE_IN_FLOW, 2, tenant))).status).toBe(303);
    const lastPage = await visitor.get(`${TRADE_IN_FLOW.path}?step=3`);
    expect(lastPage.body).toContain('class="cf-turnstile"');
    const statusOfNewest = async () =>
      (
        await app.db.db
          .selectFrom("leads")
          .select(["lead_status"])
          .where("tenant", "=", "outback-4x4")
          .orderBy("created_at", "desc")
          .executeTakeFirstOrThrow()
      ).lead_status;
    const step3 = validStep(TRADE_IN_FLOW, 3, tenant);
    const refused = await visitor.post(TRADE_IN_FLOW, 3, { ...step3, [TOKEN_FIELD]: "forged-token" });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain(html(GUARD_MESSAGES.captchaFailed));
    expect(await statusOfNewest()).toBe("Incomplete");
    const accepted = await visitor.post(TRADE_IN_FLOW, 3, { ...step3, [TOKEN_FIELD]: FAKE_CAPTCHA_TOKEN });
    expect(accepted.headers.location).toBe("/success?category=trade-in-enquiry");
    expect(await statusOfNewest()).toBe("Complete");
  });

  it("the JSON API wants the token in X-Captcha-Token from the site's own pages", async () => {
    const lead = { ...validFields("general", app.tenant("outback-4x4")), category: "General Enquiry" };
    const post = (headers: Record<string, string>) =>
      app.send(HOST, "/api/leads", {
        method: "POST",
        body: JSON.stringify({ lead }),
        headers: { "content-type": "application/json", accept: "application/json", origin: `http://${HOST}`, ...headers },
      });
    const missing = await post({});
    expect(missing.status).toBe(400);
    expect(JSON.parse(missing.body)).toEqual({ error: GUARD_MESSAGES.captchaApiToken });
    expect((await post({ "x-captcha-token": "forged-token" })).status).toBe(400);
    expect((await post({ "x-captcha-token": FAKE_CAPTCHA_TOKEN })).status).toBe(201);
  });
});

import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaptchaVerifier, type CaptchaSettings } from "~/server/leads/captcha-verifier";
import { captchaCspSources, captchaWidget } from "~/server/leads/captcha-widget";
import { checkApiCaptcha, checkFormCaptcha } from "~/server/handlers/leads/guards";
import { GUARD_MESSAGES } from "~/server/handlers/leads/messages";
import { logger } from "~/server/lib/logger";
import { startFakePartner, type FakePartner } from "../fixtures/fake-partner";
import { makeTenant } from "../fixtures/tenant";

const SECRET_ENV = "TEST_CAPTCHA_SECRET";
const environment = { [SECRET_ENV]: "test-secret" };
const settings = (fail: "open" | "closed" = "open"): CaptchaSettings => ({
  provider: "turnstile",
  site_key: "site-key",
  secret_env: SECRET_ENV,
  fail,
});

let fake: FakePartner;
beforeAll(async () => {
  fake = await startFakePartner();
});
afterAll(async () => {
  await fake?.close();
});

function verifier(timeoutMs = 1_000, verifyUrl = `${fake.url}/siteverify`) {
  return createCaptchaVerifier({ timeoutMs, verifyUrl, environment });
}

/** A port nothing listens on: taken, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("captcha verifier (siteverify over HTTP)", () => {
  it("posts secret, response and remoteip as a form and passes on success: true", async () => {
    fake.answerNext({ status: 200, json: { success: true, "error-codes": [] } });
    expect(await verifier().verify(settings(), "token-1", "203.0.113.9")).toEqual({ outcome: "passed" });
    const seen = fake.requests.at(-1);
    expect(seen?.method).toBe("POST");
    expect(seen?.path).toBe("/siteverify");
    expect(seen?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(seen?.body))).toEqual({
      secret: "test-secret",
      response: "token-1",
      remoteip: "203.0.113.9",
    });
  });

  it("success: false with the shopper's codes is a refusal carrying them", async () => {
    fake.answerNext({ status: 200, json: { success: false, "error-codes": ["timeout-or-duplicate"] } });
    expect(await verifier().verify(settings(), "used", "")).toEqual({ outcome: "refused", codes: ["timeout-or-duplicate"] });
  });

  it("codes that blame our secret or the provider are 'unavailable', not the shopper's fault", async () => {
    fake.answerNext({ status: 200, json: { success: false, "error-codes": ["invalid-input-secret"] } });
    expect(await verifier().verify(settings(), "t", "")).toEqual({ outcome: "unavailable", detail: "invalid-input-secret" });
    fake.answerNext({ status: 200, json: { success: false, "error-codes": ["internal-error"] } });
    expect((await verifier().verify(settings(), "t", "")).outcome).toBe("unavailable");
  });

  it("a 5xx or an answer without success is 'unavailable'", async () => {
    fake.answerNext({ status: 503, json: { error: "down" } });
    expect(await verifier().verify(settings(), "t", "")).toEqual({ outcome: "unavailable", detail: "503 down" });
    fake.answerNext({ status: 200, text: "<html>maintenance</html>" });
    expect((await verifier().verify(settings(), "t", "")).outcome).toBe("unavailable");
  });

  it("gives up after the timeout", async () => {
    fake.answerNext({ status: 200, json: { success: true }, delayMs: 1_000 });
    const started = Date.now();
    expect(await verifier(150).verify(settings(), "t", "")).toEqual({ outcome: "unavailable", detail: "timeout" });
    expect(Date.now() - started).toBeLessThan(900);
  });

  it("an unreachable provider is 'unavailable'", async () => {
    const port = await closedPort();
    expect((await verifier(1_000, `http://127.0.0.1:${port}/siteverify`).verify(settings(), "t", "")).outcome).toBe("unavailable");
  });

  it("a tenant's captcha is on only with its secret variable set", () => {
    const tenant = makeTenant({ leads: { captcha: settings() } });
    expect(verifier().settingsFor(tenant)).toEqual(settings());
    expect(createCaptchaVerifier({ timeoutMs: 100, environment: {} }).settingsFor(tenant)).toBeNull();
    expect(verifier().settingsFor(makeTenant())).toBeNull();
  });
});

describe("captcha widget and CSP", () => {
  it("the provider's hosts only for a provider script, none for a first-party fake", () => {
    expect(captchaCspSources(captchaWidget("turnstile", "k")).script).toEqual(["https://challenges.cloudflare.com"]);
    expect(captchaCspSources(captchaWidget("hcaptcha", "k")).frame).toContain("https://*.hcaptcha.com");
    expect(captchaCspSources(captchaWidget("turnstile", "k", "/__fakes/captcha/api.js")).script).toEqual([]);
    expect(captchaCspSources(null).frame).toEqual([]);
  });
});

describe("captcha guard: token rules and the fail policy", () => {
  const request = (fail: "open" | "closed", timeoutMs = 1_000, url = `${fake.url}/siteverify`) => ({
    services: { captcha: verifier(timeoutMs, url) },
    tenant: makeTenant({ leads: { captcha: settings(fail) } }),
    clientIp: "203.0.113.9",
    log: logger,
  });
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return data;
  };

  it("no token field at all (no JavaScript) is left to the honeypot and fill time; an empty one is refused", async () => {
    const before = fake.requests.length;
    expect(await checkFormCaptcha(request("open"), form({ name: "Jane" }))).toBeNull();
    expect(await checkFormCaptcha(request("open"), form({ "cf-turnstile-response": "" }))).toMatchObject({
      status: 400,
      message: GUARD_MESSAGES.captchaFailed,
    });
    expect(fake.requests.length).toBe(before);
  });

  it("a refused token is a 400 with our message", async () => {
    fake.answerNext({ status: 200, json: { success: false, "error-codes": ["invalid-input-response"] } });
    expect(await checkFormCaptcha(request("open"), form({ "cf-turnstile-response": "forged" }))).toMatchObject({
      status: 400,
      reason: "captcha",
    });
  });

  it("an unreachable provider: open accepts the lead, closed refuses with a 503 and says so", async () => {
    const port = await closedPort();
    const url = `http://127.0.0.1:${port}/siteverify`;
    const token = form({ "cf-turnstile-response": "t" });
    expect(await checkFormCaptcha(request("open", 1_000, url), token)).toBeNull();
    expect(await checkFormCaptcha(request("closed", 1_000, url), token)).toMatchObject({
      status: 503,
      message: GUARD_MESSAGES.captchaUnavailable,
    });
  });

  it("the JSON API needs the token header (no no-JS path there)", async () => {
    expect(await checkApiCaptcha(request("open"), null)).toMatchObject({ status: 400, message: GUARD_MESSAGES.captchaApiToken });
    fake.answerNext({ status: 200, json: { success: true } });
    expect(await checkApiCaptcha(request("open"), "good")).toBeNull();
  });
});

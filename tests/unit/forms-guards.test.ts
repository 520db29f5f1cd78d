import { beforeAll, describe, expect, it } from "vitest";
import { Honeypot } from "remix-utils/honeypot/server";
import { issueFillToken } from "~/server/leads/fill-time";
import type { Services } from "~/server/services";
import {
  botSuccessPath,
  checkFormGuards,
  checkRateLimit,
  FILL_TOKEN_FIELD,
  fillTokenFor,
  isBot,
  usedFillToken,
} from "~/server/handlers/leads/guards";
import { GUARD_MESSAGES } from "~/server/handlers/leads/messages";
import { makeTenant } from "../fixtures/leads-tenant";
import { memoryServices } from "../fixtures/services";

const SECRET = "guards-unit-secret-0123456789abcdef";
const tenant = makeTenant({ slug: "guards-tenant" });

let services: Services;

beforeAll(async () => {
  services = await memoryServices({ env: { SESSION_SECRET: SECRET, RATE_LIMIT_PER_MINUTE: "3" } });
});

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  data.append("name__confirm", "");
  data.append(
    "from__confirm",
    new Honeypot({ encryptionSeed: SECRET }).getInputProps({ validFromTimestamp: Date.now() - 60_000 }).encryptedValidFrom ?? "",
  );
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe("checkFormGuards", () => {
  const now = Date.now();

  it("passes a human: empty honeypot and a token older than 2 s", () => {
    expect(
      checkFormGuards(services, form({ [FILL_TOKEN_FIELD]: issueFillToken(tenant.slug, now - 2000, [SECRET]) }), tenant, now),
    ).toBeNull();
  });

  it("records a token's use by its signature, a different one for each rendered form", () => {
    const first = fillTokenFor(services, tenant, now);
    const second = fillTokenFor(services, tenant, now);
    expect(first).not.toBe(second);
    expect(usedFillToken(form({ [FILL_TOKEN_FIELD]: first }))).toEqual({ token: first.split(".")[2], issuedAt: now });
    expect(usedFillToken(form({ [FILL_TOKEN_FIELD]: "123.forged" }))).toBeUndefined();
  });

  it("refuses a form sent within 2 s, and a forged, foreign or missing token", () => {
    expect(checkFormGuards(services, form({ [FILL_TOKEN_FIELD]: fillTokenFor(services, tenant, now - 1999) }), tenant, now)).toMatchObject({
      status: 400,
      reason: "too-fast",
      message: GUARD_MESSAGES.tooFast,
    });
    expect(
      checkFormGuards(services, form({ [FILL_TOKEN_FIELD]: issueFillToken("other-tenant", now - 9000, [SECRET]) }), tenant, now),
    ).toMatchObject({ reason: "expired" });
    expect(
      checkFormGuards(
        services,
        form({ [FILL_TOKEN_FIELD]: issueFillToken(tenant.slug, now - 9000, ["another-secret-0123456789"]) }),
        tenant,
        now,
      ),
    ).toMatchObject({ reason: "expired" });
    expect(checkFormGuards(services, form({}), tenant, now)).toMatchObject({ reason: "expired", message: GUARD_MESSAGES.expired });
  });
});

describe("checkRateLimit", () => {
  it("allows RATE_LIMIT_PER_MINUTE posts per address and tenant, then 429 with Retry-After", async () => {
    for (let i = 0; i < 3; i += 1) expect(await checkRateLimit(services, tenant, "192.0.2.1")).toBeNull();
    const refused = await checkRateLimit(services, tenant, "192.0.2.1");
    expect(refused).toMatchObject({ status: 429, reason: "rate-limited" });
    expect(Number(refused?.headers["Retry-After"])).toBeGreaterThan(0);
    expect(refused?.message).toBe(GUARD_MESSAGES.rateLimited(Number(refused?.headers["Retry-After"])));
    expect(await checkRateLimit(services, tenant, "192.0.2.2")).toBeNull();
  });

  it("words the wait in seconds", () => {
    expect(GUARD_MESSAGES.rateLimited(1)).toBe("You have sent several enquiries in a short time. Please wait 1 second and try again.");
    expect(GUARD_MESSAGES.rateLimited(30)).toContain("30 seconds");
  });
});

describe("isBot", () => {
  it("passes a person and catches a filled honeypot, however long or odd its value", () => {
    expect(isBot(services, form({}))).toBe(false);
    expect(isBot(services, form({ name__confirm: "bot" }))).toBe(true);
    expect(isBot(services, form({ name__confirm: "\u{1F697}\uFFFD\u0000".repeat(2000) }))).toBe(true);
  });

  it("takes junk in the timestamp field for a bot instead of throwing", () => {
    for (const junk of ["garbage", "\uD800\uFFFE".repeat(600), "U2FsdGVkX1" + "A".repeat(5000)])
      expect(isBot(services, form({ from__confirm: junk }))).toBe(true);
  });

  it("sends a bot to the form's own success page", () => {
    expect(botSuccessPath("service")).toBe("/success?category=service-enquiry");
  });
});

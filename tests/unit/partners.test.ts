import { describe, expect, it } from "vitest";
import { misconfiguredPartners } from "~/server/partners/client";
import { parseRegoQuery } from "~/server/partners/rego-query";
import { isPartnerError, readPartnerResponse } from "~/server/partners/response";
import { PARTNER_MESSAGES } from "~/server/partners/messages";
import { makeTenant } from "../fixtures/tenant";

async function failure(response: Response): Promise<{ message: string; status: number }> {
  try {
    await readPartnerResponse(response);
  } catch (error) {
    if (isPartnerError(error)) return { message: error.message, status: error.status };
    throw error;
  }
  throw new Error("expected a failure");
}

describe("generic response handler (spec 000 §8)", () => {
  it("a non-OK answer with an error field throws that message with the status", async () => {
    const response = new Response(JSON.stringify({ error: "Plate blocked" }), {
      status: 422,
      headers: { "content-type": "application/json" },
    });
    expect(await failure(response)).toEqual({ message: "Plate blocked", status: 422 });
  });

  it("otherwise 'An unexpected error occurred' with ': ' and the status text only when present", async () => {
    expect(await failure(new Response("oops", { status: 503, statusText: "Service Unavailable" }))).toEqual({
      message: "An unexpected error occurred: Service Unavailable",
      status: 503,
    });
    expect(await failure(new Response(JSON.stringify({ message: "x" }), { status: 500 }))).toEqual({
      message: "An unexpected error occurred",
      status: 500,
    });
  });

  it("a successful answer is read as JSON, text or blob by its type", async () => {
    expect(await readPartnerResponse(Response.json({ id: 1 }))).toEqual({ kind: "json", value: { id: 1 } });
    expect(await readPartnerResponse(new Response("ok", { headers: { "content-type": "text/plain" } }))).toEqual({
      kind: "text",
      value: "ok",
    });
    const blob = await readPartnerResponse(new Response(new Uint8Array([1, 2]), { headers: { "content-type": "application/pdf" } }));
    expect(blob.kind).toBe("blob");
  });
});

describe("rego query", () => {
  it("drops spaces and hyphens, upper-cases plate and state", () => {
    expect(parseRegoQuery(" abc-12 3", "vic")).toEqual({ ok: true, query: { rego: "ABC123", state: "VIC" } });
  });

  it("refuses an empty or odd plate and a state outside Australia with their messages", () => {
    expect(parseRegoQuery("", "NSW")).toEqual({ ok: false, message: PARTNER_MESSAGES.regoRequired });
    expect(parseRegoQuery("ABCDEFGHIJK", "NSW")).toEqual({ ok: false, message: PARTNER_MESSAGES.regoFormat });
    expect(parseRegoQuery("ABC123", "CA")).toEqual({ ok: false, message: PARTNER_MESSAGES.stateRequired });
  });
});

describe("per-site switches", () => {
  it("names a partner switched on by its flag without an entry or key, and Car Clarity with an entry but no key", () => {
    const tenant = makeTenant();
    tenant.site.flags.nevdis = true;
    tenant.site.partners.car_clarity = { base_url: "https://cc.example", key_env: "CC_KEY" };
    expect(misconfiguredPartners(tenant, {})).toEqual(["nevdis", "car_clarity"]);
    expect(misconfiguredPartners(tenant, { CC_KEY: "k" })).toEqual(["nevdis"]);
  });

  it("the autograb flag alone (market prices from the feed, no rego lookup) is not a mistake; an entry without its key is", () => {
    const tenant = makeTenant();
    tenant.site.flags.autograb = true;
    expect(misconfiguredPartners(tenant, {})).toEqual([]);
    tenant.site.partners.autograb = { base_url: "https://autograb.example", key_env: "AG_KEY" };
    expect(misconfiguredPartners(tenant, {})).toEqual(["autograb"]);
    expect(misconfiguredPartners(tenant, { AG_KEY: "k" })).toEqual([]);
  });
});

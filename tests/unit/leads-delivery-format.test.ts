import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { xmlEscape } from "~/server/leads/delivery/adf";
import { HttpResponseError, readResponse } from "~/server/leads/delivery/response";
import { signBody, webhookRequest } from "~/server/leads/delivery/webhook";
import { MESSAGES, submissionErrorLog } from "~/server/leads/messages";

describe("webhook request", () => {
  it("signs the exact body with HMAC-SHA256", () => {
    const request = webhookRequest("http://x/leads", '{"name":"Jane"}', "s3cret", "key-1");
    expect(request.body).toBe('{"lead":{"name":"Jane"}}');
    const expected = createHmac("sha256", "s3cret").update(request.body).digest("hex");
    expect(request.headers["X-Forecourt-Signature"]).toBe(`sha256=${expected}`);
    expect(signBody(request.body, "other")).not.toBe(`sha256=${expected}`);
    expect(request.headers).toMatchObject({ "Content-Type": "application/json", Accept: "application/json", "Idempotency-Key": "key-1" });
  });
});

describe("ADF 1.0 escaping (the mapping: adf-lead-kinds.test.ts)", () => {
  it("escapes the five XML characters and drops characters XML cannot carry", () => {
    expect(xmlEscape(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;");
    expect(xmlEscape("a\u000Bb")).toBe("ab");
  });
});

describe("generic response handler (spec 001 §8)", () => {
  it("throws the JSON error field with the status", async () => {
    const error = await readResponse(new Response(JSON.stringify({ error: "Dealer not found" }), { status: 404 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpResponseError);
    expect(error).toMatchObject({ message: "Dealer not found", status: 404 });
  });

  it("falls back to the unexpected error text, with the status text when present", async () => {
    await expect(readResponse(new Response("oops", { status: 502, statusText: "Bad Gateway" }))).rejects.toThrow(
      "An unexpected error occurred: Bad Gateway",
    );
    await expect(readResponse(new Response(null, { status: 500 }))).rejects.toMatchObject({
      message: MESSAGES.unexpectedError,
      status: 500,
    });
  });

  it("reads JSON, text and blobs", async () => {
    expect(await readResponse(new Response('{"id":5}', { headers: { "Content-Type": "application/json" } }))).toEqual({ id: 5 });
    expect(await readResponse(new Response("ok", { headers: { "Content-Type": "text/plain" } }))).toBe("ok");
    expect(await readResponse(new Response(new Uint8Array([1, 2]), { headers: { "Content-Type": "application/pdf" } }))).toBeInstanceOf(
      Blob,
    );
  });
});

describe("messages", () => {
  it("quotes the spec's texts exactly", () => {
    expect(MESSAGES).toEqual({
      required: "*This is a required field.",
      invalidEmail: "invalid email address",
      alphabeticalOnly: "Please use alphabetical characters only.",
      invalidPostcode: "Invalid postcode. Please enter a 4-digit number.",
      phoneTooLong: "Invalid phone number. Too many characters.",
      phoneAuMobile: "Invalid phone number. Must be an Australian mobile number.",
      phoneUs: "Invalid phone number. Must be a US number.",
      phoneNz: "Invalid phone number. Must be a New Zealand number.",
      phoneAu: "Invalid phone number. Must be an Australian number.",
      termsRequired: "You must agree to the terms of use before submitting the form.",
      submitError: "An error occurred when submitting this form",
      unexpectedError: "An unexpected error occurred",
    });
    expect(submissionErrorLog("Service Enquiry", "boom")).toBe("Service Enquiry Form submission error occured. boom");
  });
});

import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { toAdf, xmlEscape } from "~/server/leads/delivery/adf";
import { HttpResponseError, readResponse } from "~/server/leads/delivery/response";
import { signBody, webhookRequest } from "~/server/leads/delivery/webhook";
import { MESSAGES, submissionErrorLog } from "~/server/leads/messages";
import { makeTenant } from "../fixtures/leads-tenant";

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

describe("ADF 1.0", () => {
  const tenant = makeTenant();
  const lead = {
    first_name: "Jane & Co",
    last_name: "O'Brien",
    email: "jane@example.com",
    phone: "0412345678",
    message: "<b>hi</b>",
    category: "Used Vehicle Enquiry",
    car_type: "used",
    "Vehicle Make": "Toyota",
    "Vehicle Model": "Corolla",
    "Vehicle Year": "2021",
    vin: "JT123",
    stock_number: "S1",
    price: 25990,
    location_id: 12,
  };

  const meta = { id: "lead-1", createdAt: Date.UTC(2026, 0, 2, 3, 4, 5) };

  it("has the id, the request date with its offset, the car, the customer, the vendor and the provider", () => {
    const xml = toAdf(lead, tenant, meta);
    expect(xml).toContain(
      '<prospect status="new"><id sequence="1" source="Forecourt">lead-1</id><requestdate>2026-01-02T03:04:05+00:00</requestdate>',
    );
    expect(xml).toContain(
      '<vehicle interest="buy" status="used"><year>2021</year><make>Toyota</make><model>Corolla</model><vin>JT123</vin><stock>S1</stock><price type="asking" currency="AUD">25990</price></vehicle>',
    );
    expect(xml).toContain(
      '<contact><name part="first">Jane &amp; Co</name><name part="last">O&apos;Brien</name><email>jane@example.com</email><phone type="cellphone">+61412345678</phone></contact>',
    );
    expect(xml).toContain("<comments>&lt;b&gt;hi&lt;/b&gt;\nEnquiry: Used Vehicle Enquiry</comments>");
    expect(xml).toContain("<vendor><vendorname>Harbourside Motors Pty Ltd</vendorname>");
    expect(xml).toContain('<provider><name part="full">Forecourt</name></provider></prospect></adf>');
  });

  it("marks demo cars used, test drives as such, and never sends a price of 0", () => {
    expect(toAdf({ ...lead, car_type: "demo" }, tenant, meta)).toContain('status="used"');
    expect(toAdf({ ...lead, car_type: "new" }, tenant, meta)).toContain('status="new"');
    expect(toAdf({ ...lead, category: "Test Drive Enquiry" }, tenant, meta)).toContain('interest="test-drive"');
    expect(toAdf({ ...lead, price: 0 }, tenant, meta)).not.toContain("<price");
    expect(toAdf({ ...lead, price: null }, tenant, meta)).not.toContain("<price");
  });

  it("splits a single Name field: last word last, the rest first; one word is the full name", () => {
    expect(toAdf({ ...lead, first_name: "Mary-Jane van der Berg", last_name: "" }, tenant, meta)).toContain(
      '<name part="first">Mary-Jane van der</name><name part="last">Berg</name>',
    );
    expect(toAdf({ ...lead, first_name: "Cher", last_name: "" }, tenant, meta)).toContain('<name part="full">Cher</name>');
  });

  it("sends a traded-in car as its own used vehicle with odometer, rego and condition", () => {
    const xml = toAdf(
      {
        first_name: "Sam",
        last_name: "Lee",
        email: "sam@example.com",
        phone: "0298765432",
        category: "Trade-In Enquiry",
        "Vehicle Make": "Toyota",
        "Vehicle Model": "Corolla",
        "Vehicle Year": "2015",
        odometer: "120,000",
        Rego: "ABC123",
        condition: "Good",
      },
      tenant,
      meta,
    );
    expect(xml).toContain(
      '<vehicle interest="trade-in" status="used"><year>2015</year><make>Toyota</make><model>Corolla</model><odometer units="km">120000</odometer><comments>Rego: ABC123; Condition: Good</comments></vehicle>',
    );
    expect(xml).toContain('<phone type="voice">+61298765432</phone>');
  });

  it("drops characters XML cannot carry", () => {
    expect(toAdf({ ...lead, message: "line\u000Bbreak\uFFFF" }, tenant, meta)).toContain("<comments>linebreak\n");
  });

  it("escapes the five XML characters", () => {
    expect(xmlEscape(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;");
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

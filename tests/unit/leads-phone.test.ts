import { describe, expect, it } from "vitest";
import { TEST_PHONE_NUMBER, isMobileNumber, phoneE164, validatePhone } from "~/server/leads/phone";
import { MESSAGES } from "~/server/leads/messages";

describe("validatePhone au (landline-capable)", () => {
  it.each([
    "02 9000 0000",
    "0390000000",
    "(04) 1234 5678",
    "0512345678",
    "07-1234-5678",
    "08.1234.5678",
    "0061 2 9000 0000",
    "+61 2 9000 0000",
    "+61 (0)2 9000 0000",
    "+61412345678",
  ])("accepts %s", (raw) => expect(validatePhone(raw, "au")).toBeNull());
  it.each(["0612345678", "0112345678", "091234567", "02123456789", "2 9000 0000", "0061 6 9000 0000", "02 9000 000a", "+64 21 123 4567"])(
    "rejects %s",
    (raw) => expect(validatePhone(raw, "au")).toBe(MESSAGES.phoneAu),
  );
});

describe("validatePhone au-mobile", () => {
  it.each(["0412 345 678", "+614 1234 5678", "+61412345678", "0061412345678"])("accepts %s", (raw) =>
    expect(validatePhone(raw, "au-mobile")).toBeNull(),
  );
  it.each(["02 9000 0000", "041234567", "04123456789", "+613 1234 5678", "+6141234567"])("rejects %s", (raw) =>
    expect(validatePhone(raw, "au-mobile")).toBe(MESSAGES.phoneAuMobile),
  );
});

describe("validatePhone nz", () => {
  it("accepts New Zealand numbers that exist", () => {
    expect(validatePhone("021 123 4567", "nz")).toBeNull();
    expect(validatePhone("+64 21 123 4567", "nz")).toBeNull();
    expect(validatePhone("0064 9 300 1234", "nz")).toBeNull();
  });
  it("refuses numeric numbers that cannot exist with the New Zealand message", () => {
    expect(validatePhone("12345678901234", "nz")).toBe(MESSAGES.phoneNz);
    expect(validatePhone("021 12", "nz")).toBe(MESSAGES.phoneNz);
  });
  it("rejects 15 characters as too many", () => {
    expect(validatePhone("123456789012345", "nz")).toBe(MESSAGES.phoneTooLong);
  });
  it("rejects non-numeric input with the New Zealand message", () => {
    expect(validatePhone("021 CALL ME", "nz")).toBe(MESSAGES.phoneNz);
  });
});

describe("validatePhone us", () => {
  it.each(["(212) 555-0123", "2125550123", "1 212 555 0123", "+1 (212) 555-0123", "416 555 0123", "+1 876 555 0123"])(
    "accepts %s (US, Canada and NANP islands)",
    (raw) => expect(validatePhone(raw, "us")).toBeNull(),
  );
  it.each(["555 123 456", "2 555 123 4567", "155512345678", "555-CALL-NOW", "(555) 123-4567", "011 555 0123", "1 123 555 0123"])(
    "rejects %s",
    (raw) => expect(validatePhone(raw, "us")).toBe(MESSAGES.phoneUs),
  );
});

describe("the fixed test number", () => {
  it.each(["au", "au-mobile", "nz", "us"] as const)("is accepted in %s", (region) => {
    expect(validatePhone(TEST_PHONE_NUMBER, region)).toBeNull();
    expect(validatePhone("0491570006", region)).toBeNull();
  });
  it("is the ACMA fictional mobile", () => {
    expect(TEST_PHONE_NUMBER).toBe("0491 570 006");
  });
});

describe("phoneE164", () => {
  it.each([
    ["0412 345 678", "au", "+61412345678"],
    ["0061 2 9000 0000", "au", "+61290000000"],
    ["+61 (0)2 9000 0000", "au", "+61290000000"],
    ["05 1234 5678", "au", "+61512345678"],
    ["+614 1234 5678", "au-mobile", "+61412345678"],
    ["021 123 4567", "nz", "+64211234567"],
    ["(212) 555-0123", "us", "+12125550123"],
    ["416-555-0123", "us", "+14165550123"],
  ] as const)("%s (%s) is %s", (raw, region, e164) => expect(phoneE164(raw, region)).toBe(e164));

  it("gives the fixed test number its Australian form in every region", () => {
    for (const region of ["au", "au-mobile", "nz", "us"] as const) expect(phoneE164(TEST_PHONE_NUMBER, region)).toBe("+61491570006");
  });

  it("knows mobiles from landlines", () => {
    expect(isMobileNumber("+61412345678")).toBe(true);
    expect(isMobileNumber("+64211234567")).toBe(true);
    expect(isMobileNumber("+61290000000")).toBe(false);
  });
});

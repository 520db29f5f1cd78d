import { afterEach, describe, expect, it, vi } from "vitest";
import { createHoneypot, isSpam } from "~/server/security/honeypot";

const SECRET = "honeypot-test-secret-0123456789abcdef";

function submitted(props: { nameFieldName: string; validFromFieldName: string | null; encryptedValidFrom?: string }, name = ""): FormData {
  const form = new FormData();
  form.set(props.nameFieldName, name);
  if (props.validFromFieldName) form.set(props.validFromFieldName, props.encryptedValidFrom ?? "");
  return form;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the form honeypot", () => {
  it("encrypts its 'valid from' time once a second, stamped at the second's start, and a person's submit passes", () => {
    vi.useFakeTimers({ now: 1_750_000_000_250 });
    const honeypot = createHoneypot(SECRET);
    const first = honeypot.getInputProps();
    vi.setSystemTime(1_750_000_000_900);
    expect(honeypot.getInputProps()).toBe(first);
    vi.setSystemTime(1_750_000_001_000);
    const next = honeypot.getInputProps();
    expect(next.encryptedValidFrom).not.toBe(first.encryptedValidFrom);

    vi.setSystemTime(1_750_000_004_000);
    expect(isSpam(honeypot, submitted(first))).toBe(false);
    expect(isSpam(honeypot, submitted(next))).toBe(false);
    expect(isSpam(honeypot, submitted(first, "bot@example.com"))).toBe(true);
    expect(isSpam(honeypot, submitted({ ...first, encryptedValidFrom: "not ours" }))).toBe(true);
    // Another secret's value does not pass.
    expect(isSpam(createHoneypot(`${SECRET}-other`), submitted(first))).toBe(true);
  });

  it("keeps an explicit 'valid from' time as given", () => {
    const honeypot = createHoneypot(SECRET);
    const future = honeypot.getInputProps({ validFromTimestamp: Date.now() + 60_000 });
    expect(isSpam(honeypot, submitted(future))).toBe(true);
  });
});

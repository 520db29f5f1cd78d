import { describe, expect, it } from "vitest";
import { emailRule, fullNameRule, nameRule } from "~/server/leads/field-rules";
import { formSchema } from "~/server/leads/forms";
import { MESSAGES } from "~/server/leads/messages";
import { splitFullName } from "~/server/leads/name-parts";
import { makeTenant } from "../fixtures/leads-tenant";

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

describe("email rule", () => {
  it.each(["jane@example.com", "jane.citizen+cars@mail.example.com.au", "j@xn--80ak6aa92e.co", "jóse@exämple.nz"])("accepts %s", (email) =>
    expect(emailRule().safeParse(email).success).toBe(true),
  );
  it.each([
    "jane@example",
    "jane@example.c",
    "jane@.com",
    "jane@example..com",
    "<jane>@example.com",
    "jane@exa mple.com",
    "ja ne@example.com",
    "jane@example.com>",
    "jane",
  ])("refuses %s with the spec's message", (email) => expect(messages(emailRule().safeParse(email))).toEqual([MESSAGES.invalidEmail]));
  it("shows one message for an empty or blank address", () => {
    expect(messages(emailRule().safeParse("   "))).toEqual([MESSAGES.required]);
  });
});

describe("name rules", () => {
  it("a single Name field accepts letters, spaces, hyphens and apostrophes", () => {
    for (const name of ["Mary-Jane O'Brien", "José Māori", "D’Arcy Smith"]) expect(fullNameRule().safeParse(name).success).toBe(true);
    expect(messages(fullNameRule().safeParse("Jane 2"))).toEqual([MESSAGES.alphabeticalOnly]);
  });
  it("first and last name fields keep the spec's letters-and-spaces rule", () => {
    expect(messages(nameRule().safeParse("O'Brien"))).toEqual([MESSAGES.alphabeticalOnly]);
    expect(nameRule().safeParse("Mary Jane").success).toBe(true);
  });
  it("a name of only spaces shows one message, not two joined", () => {
    expect(messages(nameRule().safeParse("   "))).toEqual([MESSAGES.required]);
    expect(messages(fullNameRule().safeParse("   "))).toEqual([MESSAGES.required]);
  });
  it("the forms use the single-field rule only where there is no last name field", () => {
    const single = formSchema("general", makeTenant()).safeParse({ name: "Mary-Jane O'Brien" });
    const split = formSchema("general", makeTenant({ form: { last_name: true } })).safeParse({ name: "Mary-Jane", last_name: "O'Brien" });
    const nameIssues = (result: typeof single) => (result.success ? [] : result.error.issues.filter((i) => i.path[0] === "name"));
    const lastIssues = (result: typeof split) => (result.success ? [] : result.error.issues.filter((i) => i.path[0] === "last_name"));
    expect(nameIssues(single)).toEqual([]);
    expect(lastIssues(split).map((i) => i.message)).toEqual([MESSAGES.alphabeticalOnly]);
  });
});

describe("splitFullName", () => {
  it("takes the last word as the last name and the rest as the first", () => {
    expect(splitFullName("Mary-Jane O'Brien")).toEqual({ kind: "split", first: "Mary-Jane", last: "O'Brien" });
    expect(splitFullName("  Jane  Ann   Citizen ")).toEqual({ kind: "split", first: "Jane Ann", last: "Citizen" });
  });
  it("keeps one word whole", () => {
    expect(splitFullName("Cher")).toEqual({ kind: "full", full: "Cher" });
    expect(splitFullName("")).toEqual({ kind: "full", full: "" });
  });
});

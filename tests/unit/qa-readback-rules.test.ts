import { describe, expect, it } from "vitest";
import { plainTextOf, recipientsOf } from "~/server/leads/delivery/mailbox-readback";
import { qaReadbackRefusal } from "~/server/lib/qa-readback-rule";

describe("when the QA read-back may run", () => {
  const base = { QA_TOKEN: "qa-token-0123456789abcdef", MOCK_LEADS: false, QA_READBACK: false };
  it("production with a token needs MOCK_LEADS or QA_READBACK", () => {
    expect(qaReadbackRefusal({ ...base, NODE_ENV: "production" })).toMatch(/^refused in production without MOCK_LEADS=1 or QA_READBACK=1/);
    expect(qaReadbackRefusal({ ...base, NODE_ENV: "production", MOCK_LEADS: true })).toBeNull();
    expect(qaReadbackRefusal({ ...base, NODE_ENV: "production", QA_READBACK: true })).toBeNull();
  });
  it("without a token, or outside production, nothing is refused", () => {
    expect(qaReadbackRefusal({ ...base, QA_TOKEN: undefined, NODE_ENV: "production" })).toBeNull();
    expect(qaReadbackRefusal({ ...base, NODE_ENV: "development" })).toBeNull();
  });
});

describe("reading a mailbox message", () => {
  it("lists the addresses of a To header, lower-cased", () => {
    expect(recipientsOf('"Sales" <Sales@Dealer.example>, leads@crm.example')).toEqual(["sales@dealer.example", "leads@crm.example"]);
  });
  it("decodes the text part of a multipart message (quoted-printable, soft breaks, UTF-8)", () => {
    const raw = [
      "To: a@b.example",
      'Content-Type: multipart/alternative; boundary="--B"',
      "",
      "----B",
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: quoted-printable",
      "",
      "<adf>Ren=C3=A9e wants a long =",
      "line</adf>",
      "----B",
      "Content-Type: text/html; charset=utf-8",
      "",
      "<p>hi</p>",
      "----B--",
    ].join("\n");
    expect(plainTextOf(raw)).toBe("<adf>Renée wants a long line</adf>");
  });
  it("keeps a single-part 7bit body as it is", () => {
    expect(plainTextOf("To: a@b.example\nContent-Type: text/plain\n\n<adf>x</adf>\n")).toBe("<adf>x</adf>");
  });
});

import { describe, expect, it } from "vitest";
import { requiredText } from "~/server/leads/field-rules";
import { stripXmlInvalid, stripXmlInvalidDeep } from "~/server/leads/xml-safe-text";

describe("stripXmlInvalid", () => {
  it("removes C0 controls except tab, LF and CR, U+FFFE/U+FFFF and lone surrogates", () => {
    expect(stripXmlInvalid("a\u0000b\u000Bc\u001Fd\uFFFEe\uFFFFf\uD800g\uDC00h")).toBe("abcdefgh");
    expect(stripXmlInvalid("tab\tline\nreturn\r")).toBe("tab\tline\nreturn\r");
  });

  it("keeps emoji, accents and other scripts whole", () => {
    expect(stripXmlInvalid("Māori José 🚗 中文")).toBe("Māori José 🚗 中文");
  });

  it("cleans every string of a lead, keys included", () => {
    expect(
      stripXmlInvalidDeep({ message: "hi\u000B", list: ["a\u0001"], nested: { "k\u0002": "v\u0003" }, n: 1, b: true, z: null }),
    ).toEqual({
      message: "hi",
      list: ["a"],
      nested: { k: "v" },
      n: 1,
      b: true,
      z: null,
    });
  });

  it("is applied by the form rules before any other check", () => {
    expect(requiredText().parse(" Is it still available?\u000B ")).toBe("Is it still available?");
    expect(requiredText().safeParse("\u000B").success).toBe(false);
  });
});

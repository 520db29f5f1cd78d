import { describe, expect, it } from "vitest";
import { redactQuery, urlForLog } from "~/server/lib/redact-query";
import { itMaps } from "../fixtures/table-tests";

describe("query strings in log lines", () => {
  it("keeps the values of listed parameters and redacts every other value", () => {
    expect(redactQuery("?email=jane%40example.com&page=2&phone=0412345678&sortBy=price_asc")).toBe(
      "?email=[redacted]&page=2&phone=[redacted]&sortBy=price_asc",
    );
    expect(redactQuery("?q=call%20me%20on%200412%20345%20678&refinementList%5Bmake%5D%5B0%5D=Toyota&utm_source=google")).toBe(
      "?q=[redacted]&refinementList%5Bmake%5D%5B0%5D=Toyota&utm_source=google",
    );
  });

  itMaps(redactQuery, {
    "leaves no query as no query, and a bare name as it is": [
      ["", ""],
      ["?", ""],
      ["?index", "?index"],
      ["?%E0%A4%A=1", "?%E0%A4%A=[redacted]"],
    ],
  });

  it("a URL for a log line: its path and the redacted query, without the host", () => {
    expect(urlForLog("http://harbourside.localhost/contact?email=jane%40example.com&_data=root")).toBe(
      "/contact?email=[redacted]&_data=root",
    );
  });
});

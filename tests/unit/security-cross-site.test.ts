import { describe, expect, it } from "vitest";
import { judgeSource, refusesCrossSite, type RequestSource } from "~/server/security/cross-site";

const source = (overrides: Partial<RequestSource>): RequestSource => ({
  secFetchSite: null,
  origin: null,
  host: "harbourside.localhost:3000",
  ...overrides,
});

describe("judgeSource", () => {
  it("knows the site's own pages by the Origin's host and port", () => {
    expect(judgeSource(source({ origin: "http://harbourside.localhost:3000" }))).toBe("same-origin");
    expect(judgeSource(source({ origin: "https://HARBOURSIDE.localhost:3000" }))).toBe("same-origin");
    expect(judgeSource(source({ origin: "http://harbourside.localhost:4000" }))).toBe("cross-site");
  });

  it("calls another host, a sibling subdomain, null and non-addresses cross-site", () => {
    for (const origin of [
      "https://evil.example",
      "http://kiwi-motors.localhost",
      "null",
      "evil",
      "garbage",
      "file:///x",
      "https://harbourside.localhost.evil.example",
      "http://harbourside.localhost",
    ])
      expect(judgeSource(source({ origin }))).toBe("cross-site");
  });

  it("believes Sec-Fetch-Site: cross-site whatever the Origin says", () => {
    expect(judgeSource(source({ origin: "http://harbourside.localhost", secFetchSite: "cross-site" }))).toBe("cross-site");
  });

  it("cannot tell without an Origin (no-JS browsers, servers)", () => {
    expect(judgeSource(source({}))).toBe("unknown");
    expect(judgeSource(source({ secFetchSite: "same-origin" }))).toBe("unknown");
  });

  it("refuses only methods that change something", () => {
    const evil = source({ origin: "https://evil.example" });
    expect(refusesCrossSite("POST", evil)).toBe(true);
    expect(refusesCrossSite("put", evil)).toBe(true);
    expect(refusesCrossSite("GET", evil)).toBe(false);
    expect(refusesCrossSite("HEAD", evil)).toBe(false);
    expect(refusesCrossSite("POST", source({}))).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { parseTrustProxy } from "~/server/lib/trust-proxy";

describe("TRUST_PROXY", () => {
  it("trusts no proxy when unset, empty, 0 or false", () => {
    for (const value of [undefined, "", "0", "false"]) expect(parseTrustProxy(value)).toEqual({ ok: true, value: false });
  });
  it("takes a hop count or a list of proxy addresses and subnets", () => {
    expect(parseTrustProxy("1")).toEqual({ ok: true, value: 1 });
    expect(parseTrustProxy("2")).toEqual({ ok: true, value: 2 });
    expect(parseTrustProxy("10.0.0.1, 10.0.0.0/8,loopback,::1")).toEqual({
      ok: true,
      value: ["10.0.0.1", "10.0.0.0/8", "loopback", "::1"],
    });
  });
  it("refuses 'trust everything' and anything that is not an address", () => {
    expect(parseTrustProxy("true")).toMatchObject({ ok: false, message: expect.stringContaining("hop count") });
    expect(parseTrustProxy("proxy.internal")).toMatchObject({ ok: false, message: expect.stringContaining('"proxy.internal"') });
    expect(parseTrustProxy("10.0.0.0/40")).toMatchObject({ ok: false });
    expect(parseTrustProxy("99")).toMatchObject({ ok: false });
  });
});

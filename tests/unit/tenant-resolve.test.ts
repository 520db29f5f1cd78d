import { describe, expect, it } from "vitest";
import { loadTenants } from "~/server/tenants/load";
import { TenantDirectory, normaliseHost } from "~/server/tenants/resolve";

const tenants = loadTenants();
const harbourside = tenants.find((t) => t.slug === "harbourside")!;
const kiwi = tenants.find((t) => t.slug === "kiwi-motors")!;
const directory = (trustProxy = false, defaultTenant = "harbourside") => new TenantDirectory(tenants, { trustProxy, defaultTenant });

function headers(init: Record<string, string>): Headers {
  return new Headers(init);
}

describe("hostname resolution", () => {
  it("matches a configured domain exactly, with or without a port, any case", () => {
    const domain = kiwi.site.domains[0]!;
    expect(directory().resolveHost(domain)?.slug).toBe("kiwi-motors");
    expect(directory().resolveHost(`${domain.toUpperCase()}:8443`)?.slug).toBe("kiwi-motors");
  });

  it("answers <slug>.localhost for every tenant", () => {
    for (const tenant of tenants) {
      expect(directory().resolveHost(`${tenant.slug}.localhost:3000`)?.slug).toBe(tenant.slug);
    }
  });

  it("answers localhost and 127.0.0.1 as the default tenant", () => {
    expect(directory().resolveHost("localhost:3000")?.slug).toBe("harbourside");
    expect(directory().resolveHost("127.0.0.1")?.slug).toBe("harbourside");
    expect(directory(false, "kiwi-motors").resolveHost("localhost")?.slug).toBe("kiwi-motors");
  });

  it("does not resolve unknown hosts, unknown subdomains or look-alike domains", () => {
    expect(directory().resolveHost("evil.example")).toBeUndefined();
    expect(directory().resolveHost("nobody.localhost")).toBeUndefined();
    expect(directory().resolveHost(`x${harbourside.site.domains[0]}`)).toBeUndefined();
    expect(directory().resolveHost("")).toBeUndefined();
    expect(directory().resolveHost(undefined)).toBeUndefined();
  });

  it("ignores X-Forwarded-Host unless TRUST_PROXY is on", () => {
    const request = headers({ host: "localhost", "x-forwarded-host": "kiwi-motors.localhost" });
    expect(directory(false).resolveRequest(request)?.slug).toBe("harbourside");
    expect(directory(true).resolveRequest(request)?.slug).toBe("kiwi-motors");
  });

  it("normalises hosts", () => {
    expect(normaliseHost("Example.COM:80")).toBe("example.com");
    expect(normaliseHost("example.com.")).toBe("example.com");
    expect(normaliseHost("[::1]:3000")).toBe("[::1]");
    expect(normaliseHost("a.example, b.example")).toBe("a.example");
  });
});

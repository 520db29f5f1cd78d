import path from "node:path";
import { describe, expect, it } from "vitest";
import { rejectReasons } from "~/server/images/messages";
import { resolveImageSource, type ImageSourceTenant } from "~/server/images/source";

const tenant: ImageSourceTenant = {
  dir: "/srv/tenants/harbourside",
  site: { image_hosts: ["cdn.dealer.example", "HTTP://127.0.0.1:8123"] },
};

const resolve = (url: string) => resolveImageSource(url, tenant);

describe("resolveImageSource: the tenant's own images", () => {
  it("accepts a demo photo path", () => {
    expect(resolve("/demo-images/toyota-cabChassis-2.svg")).toEqual({ kind: "demo", name: "toyota-cabChassis-2" });
  });

  it("accepts a file in the tenant's images folder, resolved inside that folder", () => {
    expect(resolve("/tenant-assets/logo.svg")).toEqual({
      kind: "asset",
      file: "logo.svg",
      path: path.resolve("/srv/tenants/harbourside/images/logo.svg"),
    });
    expect(resolve("/tenant-assets/hero_2024-v2.jpeg")).toMatchObject({ kind: "asset", file: "hero_2024-v2.jpeg" });
  });

  it.each([
    ["/demo-images/toyota-suv-1.png", rejectReasons.unknownLocalPath],
    ["/demo-images/../site.json", rejectReasons.unknownLocalPath],
    ["/tenant-assets/../site.json", rejectReasons.unknownLocalPath],
    ["/tenant-assets/../../harbourside/images/logo.svg", rejectReasons.unknownLocalPath],
    ["/tenant-assets/Logo.SVG", rejectReasons.unknownLocalPath],
    ["/tenant-assets/stock.json", rejectReasons.unknownLocalPath],
    ["/tenant-assets/.hidden.svg", rejectReasons.unknownLocalPath],
    ["/tenant-assets/logo.svg?x=1", rejectReasons.unknownLocalPath],
    ["/build/logo.svg", rejectReasons.unknownLocalPath],
    ["/tenant-assets/%2e%2e%2fsite.json", rejectReasons.unsafeCharacters],
    ["/tenant-assets/..%2Fsite.json", rejectReasons.unsafeCharacters],
    ["/demo-images/%252e%252e%252fx.svg", rejectReasons.unsafeCharacters],
    ["/tenant-assets\\..\\site.json", rejectReasons.unsafeCharacters],
    ["/tenant-assets/logo.svg\u0000.png", rejectReasons.unsafeCharacters],
  ])("rejects %s", (url, reason) => {
    expect(resolve(url)).toEqual({ kind: "rejected", reason });
  });
});

describe("resolveImageSource: remote hosts", () => {
  it("accepts https on a listed host, exactly", () => {
    expect(resolve("https://cdn.dealer.example/cars/1.jpg?v=2")).toEqual({
      kind: "remote",
      url: "https://cdn.dealer.example/cars/1.jpg?v=2",
    });
    expect(resolve("HTTPS://CDN.Dealer.Example/a%20b.jpg")).toEqual({ kind: "remote", url: "https://cdn.dealer.example/a%20b.jpg" });
  });

  it("accepts http only for an origin the site lists with http://, on that port", () => {
    expect(resolve("http://127.0.0.1:8123/x.jpg")).toEqual({ kind: "remote", url: "http://127.0.0.1:8123/x.jpg" });
    expect(resolve("http://127.0.0.1:8124/x.jpg")).toEqual({ kind: "rejected", reason: rejectReasons.hostNotListed });
    expect(resolve("https://127.0.0.1:8123/x.jpg")).toEqual({ kind: "rejected", reason: rejectReasons.hostNotListed });
  });

  it.each([
    ["http://cdn.dealer.example/x.jpg", rejectReasons.hostNotListed],
    ["https://cdn.dealer.example:8443/x.jpg", rejectReasons.hostNotListed],
    ["https://evil.example/x.jpg", rejectReasons.hostNotListed],
    ["https://img.cdn.dealer.example/x.jpg", rejectReasons.hostNotListed],
    ["https://cdn.dealer.example.evil.example/x.jpg", rejectReasons.hostNotListed],
    ["https://cdn.dealer.example./x.jpg", rejectReasons.hostNotListed],
    ["http://127.0.0.1/x.jpg", rejectReasons.hostNotListed],
    ["http://localhost:8123/x.jpg", rejectReasons.hostNotListed],
    ["http://169.254.169.254/latest/meta-data/", rejectReasons.hostNotListed],
    ["https://evil.example\\@cdn.dealer.example/x.jpg", rejectReasons.unsafeCharacters],
    ["https://user:pass@cdn.dealer.example/x.jpg", rejectReasons.credentials],
    ["https://cdn.dealer.example@evil.example/x.jpg", rejectReasons.credentials],
    ["//cdn.dealer.example/x.jpg", rejectReasons.protocolRelative],
    ["//evil.example/x.jpg", rejectReasons.protocolRelative],
    ["file:///etc/passwd", rejectReasons.notHttp],
    ["data:image/png;base64,iVBORw0KGgo=", rejectReasons.notHttp],
    ["javascript:alert(1)", rejectReasons.notHttp],
    ["ftp://cdn.dealer.example/x.jpg", rejectReasons.notHttp],
    ["cdn.dealer.example/x.jpg", rejectReasons.notHttp],
    [" https://cdn.dealer.example/x.jpg", rejectReasons.unsafeCharacters],
    ["https://[::1", rejectReasons.unparseable],
    ["", rejectReasons.empty],
  ])("rejects %s", (url, reason) => {
    expect(resolve(url)).toEqual({ kind: "rejected", reason });
  });

  it("rejects every remote url for a site without image_hosts", () => {
    const bare: ImageSourceTenant = { dir: "/srv/t", site: { image_hosts: [] } };
    expect(resolveImageSource("https://cdn.dealer.example/x.jpg", bare)).toEqual({ kind: "rejected", reason: rejectReasons.hostNotListed });
  });
});

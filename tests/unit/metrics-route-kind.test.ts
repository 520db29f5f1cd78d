import { describe, expect, it } from "vitest";
import { routeKind, statusClass } from "~/server/metrics/route-kind";

describe("route kind of a request (the HTTP metrics' label)", () => {
  it.each([
    ["GET", "/search", "search"],
    ["GET", "/search/toyota/corolla", "search"],
    ["GET", "/cars", "search"],
    ["GET", "/cars/2019-toyota-corolla-ascent-abc123", "vehicle"],
    ["GET", "/motorcycles/2020-honda-cb500-x1", "vehicle"],
    ["GET", "/cars/2019-toyota-corolla-ascent-abc123/enquire", "form_page"],
    ["GET", "/cars/trade-in", "form_page"],
    ["GET", "/contact", "form_page"],
    ["GET", "/finance-enquiry", "form_page"],
    ["GET", "/mybigboxcars/details", "form_page"],
    ["POST", "/contact", "form_post"],
    ["POST", "/cars/2019-toyota-corolla-ascent-abc123/enquire", "form_post"],
    ["POST", "/api/leads", "api"],
    ["GET", "/api/search/cars", "api"],
    ["POST", "/webhooks/stripe", "api"],
    ["GET", "/build/entry.client-ABC.js", "asset"],
    ["GET", "/_image", "asset"],
    ["GET", "/favicon.ico", "asset"],
    ["GET", "/healthz", "health"],
    ["GET", "/readyz", "health"],
    ["GET", "/metrics", "health"],
    ["GET", "/", "page"],
    ["GET", "/robots.txt", "page"],
    ["GET", "/pages/about-us", "page"],
  ])("%s %s is %s", (method, path, kind) => {
    expect(routeKind(method, path)).toBe(kind);
  });

  it("status classes", () => {
    expect([200, 303, 404, 429, 503].map(statusClass)).toEqual(["2xx", "3xx", "4xx", "4xx", "5xx"]);
  });
});

/**
 * Every kind of answer carries the security headers — documents with their per-request
 * nonce CSP (exactly one policy), everything else with the edge's policy that allows nothing to run.
 */
import { describe, expect, it } from "vitest";
import { chunkedBody, demoEdgeForFile, rawRequest, type RawReply } from "./edge-harness";

const edge = demoEdgeForFile();

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

const kinds: Array<[string, number, () => Promise<RawReply>]> = [
  ["an HTML document", 200, () => rawRequest(edge.port, { target: "/" })],
  ["JSON from /api/search", 200, () => rawRequest(edge.port, { target: "/api/search/new-used-and-demo-cars" })],
  ["_data", 200, () => rawRequest(edge.port, { target: "/?_data=root" })],
  [
    "a JSON error from /api/leads",
    415,
    () => rawRequest(edge.port, { method: "POST", target: "/api/leads", headers: { "Content-Type": "text/xml" } }, "<x/>"),
  ],
  ["a static file", 200, () => rawRequest(edge.port, { target: "/favicon.svg" })],
  ["/_image", 400, () => rawRequest(edge.port, { target: "/_image?w=640" })],
  ["/healthz", 200, () => rawRequest(edge.port, { target: "/healthz", host: "anything" })],
  ["the unknown-host page", 404, () => rawRequest(edge.port, { host: "unknown.example" })],
  ["a 404 page", 404, () => rawRequest(edge.port, { target: "/no/such/page/here" })],
  ["a 405", 405, () => rawRequest(edge.port, { method: "TRACE" })],
  ["a 413", 413, () => rawRequest(edge.port, { method: "POST", target: "/contact", headers: FORM }, "a=1&".repeat(300))],
  [
    "a 413 for a chunked body",
    413,
    () =>
      rawRequest(
        edge.port,
        { method: "POST", target: "/contact", headers: { ...FORM, "Transfer-Encoding": "chunked" } },
        chunkedBody("a", 2 * 1024 * 1024),
      ),
  ],
  ["a 415", 415, () => rawRequest(edge.port, { method: "POST", target: "/contact", headers: { "Content-Type": "text/plain" } }, "x")],
  ["a 431", 431, () => rawRequest(edge.port, { headers: { "X-Big": "a".repeat(20_000) } })],
  ["a 400 for a bad Host", 400, () => rawRequest(edge.port, { host: "a:99999" })],
];

describe("security headers on every kind of answer", () => {
  for (const [kind, status, send] of kinds) {
    it(kind, async () => {
      const reply = await send();
      expect(reply.status).toBe(status);
      expect(reply.headers["x-content-type-options"]).toEqual(["nosniff"]);
      expect(reply.headers["x-frame-options"]).toEqual(["DENY"]);
      expect(reply.headers["referrer-policy"]).toEqual(["strict-origin-when-cross-origin"]);
      expect(reply.headers["strict-transport-security"]).toEqual(["max-age=63072000; includeSubDomains"]);
      expect(reply.headers["permissions-policy"]).toEqual(["camera=(), microphone=(), geolocation=()"]);
      expect(reply.headers["cross-origin-opener-policy"]).toEqual(["same-origin"]);
      const csp = reply.headers["content-security-policy"] ?? [];
      expect(csp).toHaveLength(1);
      expect(csp[0]).toContain("frame-ancestors 'none'");
      const document = kind === "an HTML document" || kind === "a 404 page";
      expect(csp[0]).toMatch(document ? /script-src 'self' 'nonce-[^']+' 'strict-dynamic'/ : /^default-src 'none'/);
    });
  }
});

/**
 * Pages and JSON answers reach a browser compressed as it asked (brotli first, gzip for caches such
 * as Varnish), decoding to exactly the bytes an uncompressed request gets; files still go through
 * the compression middleware; a client that asks for nothing gets the page as it is.
 */
import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { demoEdgeForFile } from "./edge-harness";

const edge = demoEdgeForFile();

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

function get(target: string, headers: Record<string, string> = {}, method = "GET"): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port: edge.port, path: target, method, headers: { host: "harbourside.localhost", ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      },
    );
    request.on("error", reject);
    request.end();
  });
}

const BROWSER = "gzip, deflate, br, zstd";

/** The page with the parts that differ per request (the nonce, the request id) taken out. */
const stable = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');

describe("compressed pages and JSON", () => {
  for (const [kind, target, type] of [
    ["the search page", "/search/new-used-and-demo-cars", "text/html"],
    ["a content page", "/about-us", "text/html"],
    ["the search as JSON", "/api/search/new-used-and-demo-cars?limit=21", "application/json"],
    ["a route's data", "/search/new-used-and-demo-cars?_data=routes%2Fsearch.%24", "application/json"],
  ] as const) {
    it(`${kind}: brotli for a browser, gzip for a cache, the same bytes as uncompressed`, async () => {
      const plain = await get(target);
      expect(plain.status).toBe(200);
      expect(plain.headers["content-type"]).toContain(type);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
      expect(Number(plain.headers["content-length"])).toBe(plain.body.byteLength);

      const br = await get(target, { "accept-encoding": BROWSER });
      expect(br.headers["content-encoding"]).toBe("br");
      expect(br.headers.vary).toMatch(/Accept-Encoding/i);
      expect(Number(br.headers["content-length"])).toBe(br.body.byteLength);
      expect(br.body.byteLength).toBeLessThan(plain.body.byteLength / 3);
      expect(stable(brotliDecompressSync(br.body).toString("utf8"))).toBe(stable(plain.body.toString("utf8")));

      const gzip = await get(target, { "accept-encoding": "gzip" });
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(stable(gunzipSync(gzip.body).toString("utf8"))).toBe(stable(plain.body.toString("utf8")));
    });
  }

  it("follows the browser's preferences: gzip when br is refused or ranked lower, nothing when both are refused", async () => {
    const page = "/about-us";
    expect((await get(page, { "accept-encoding": "br;q=0, gzip" })).headers["content-encoding"]).toBe("gzip");
    expect((await get(page, { "accept-encoding": "gzip;q=1, br;q=0.5" })).headers["content-encoding"]).toBe("gzip");
    expect((await get(page, { "accept-encoding": "*" })).headers["content-encoding"]).toBe("br");
    const refused = await get(page, { "accept-encoding": "br;q=0, gzip;q=0" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.body.toString("utf8")).toContain("</html>");
  });

  it("answers HEAD with no body, and the stylesheet (a file) is still compressed, by the middleware", async () => {
    const head = await get("/about-us", { "accept-encoding": BROWSER }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.byteLength).toBe(0);
    const page = (await get("/about-us")).body.toString("utf8");
    const stylesheet = /<link rel="stylesheet" href="([^"]+\.css)"/.exec(page)?.[1];
    expect(stylesheet).toBeDefined();
    const css = await get(stylesheet ?? "", { "accept-encoding": "gzip" });
    expect(css.status).toBe(200);
    expect(css.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(css.body).toString("utf8")).toContain("{");
  });
});

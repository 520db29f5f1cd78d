import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fetchRemoteImage } from "~/server/images/remote-fetch";

const seen: string[] = [];
let server: http.Server;
let origin = "";

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(req.url ?? "");
    if (req.url === "/ok.bin") return void res.end(Buffer.alloc(1000, 7));
    if (req.url === "/redirect") return void res.writeHead(302, { location: `${origin}/ok.bin` }).end();
    if (req.url === "/declared-big") return void res.writeHead(200, { "content-length": "5000" }).end(Buffer.alloc(5000));
    if (req.url === "/streamed-big") {
      res.writeHead(200);
      for (let i = 0; i < 5; i++) res.write(Buffer.alloc(1000));
      return void res.end();
    }
    if (req.url === "/slow") return void setTimeout(() => res.end("late"), 2000);
    res.writeHead(404).end("missing");
  });
  server.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen.length = 0;
});

describe("fetchRemoteImage", () => {
  it("returns the body of a 200", async () => {
    const result = await fetchRemoteImage(`${origin}/ok.bin`);
    expect(result.ok && result.bytes.length).toBe(1000);
  });

  it("reports an upstream 404", async () => {
    expect(await fetchRemoteImage(`${origin}/nope.jpg`)).toEqual({ ok: false, reason: "upstream answered 404" });
  });

  it("does not follow redirects (their target was never allow-listed)", async () => {
    const result = await fetchRemoteImage(`${origin}/redirect`);
    expect(result.ok).toBe(false);
    expect(seen).toEqual(["/redirect"]);
  });

  it("refuses a body declared over the cap", async () => {
    const result = await fetchRemoteImage(`${origin}/declared-big`, { maxBytes: 4000 });
    expect(result).toMatchObject({ ok: false, reason: expect.stringContaining("over the 4000 byte cap") });
  });

  it("stops reading a streamed body once it passes the cap", async () => {
    const result = await fetchRemoteImage(`${origin}/streamed-big`, { maxBytes: 2500 });
    expect(result).toMatchObject({ ok: false, reason: expect.stringContaining("over the 2500 byte cap") });
  });

  it("gives up after the timeout", async () => {
    const started = Date.now();
    const result = await fetchRemoteImage(`${origin}/slow`, { timeoutMs: 200 });
    expect(result.ok).toBe(false);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("reports a refused connection", async () => {
    const result = await fetchRemoteImage("http://127.0.0.1:1/x.jpg");
    expect(result).toMatchObject({ ok: false, reason: expect.stringContaining("fetch failed") });
  });
});

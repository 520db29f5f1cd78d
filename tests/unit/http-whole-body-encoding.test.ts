import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptedEncoding, encodeWhole, encodesWhole, readUpTo } from "~/server/http/whole-body-encoding";

describe("acceptedEncoding", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    ["x-gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=1, br;q=0.5", "gzip"],
    ["gzip;q=0.5, br;q=0.5", "br"],
    ["BR", "br"],
    ["*", "br"],
    ["*;q=0.2, gzip;q=0.8", "gzip"],
    ["deflate", null],
    ["identity", null],
    ["br;q=0, gzip;q=0", null],
    ["gzip;q=0, *", "br"],
    ["br;q=nonsense", null],
    ["", null],
    [undefined, null],
  ] as const)("%s → %s", (header, expected) => {
    expect(acceptedEncoding(header)).toBe(expected);
  });
});

describe("encodesWhole", () => {
  it("takes HTML and JSON, and leaves files, feeds, encoded and no-transform answers alone", () => {
    const of = (headers: Record<string, string>) => encodesWhole(new Headers(headers));
    expect(of({ "content-type": "text/html; charset=utf-8" })).toBe(true);
    expect(of({ "content-type": "application/json; charset=utf-8" })).toBe(true);
    expect(of({ "content-type": "application/xml" })).toBe(false);
    expect(of({ "content-type": "text/event-stream" })).toBe(false);
    expect(of({ "content-type": "image/svg+xml" })).toBe(false);
    expect(of({})).toBe(false);
    expect(of({ "content-type": "text/html", "content-encoding": "gzip" })).toBe(false);
    expect(of({ "content-type": "text/html", "cache-control": "private, no-transform" })).toBe(false);
  });
});

describe("encodeWhole", () => {
  it("decodes back to the same bytes with either coding", () => {
    const page = Buffer.from(`<!DOCTYPE html><html><body>${"<p>Toyota HiLux SR5 $45,990</p>".repeat(200)}</body></html>`);
    expect(brotliDecompressSync(encodeWhole(page, "br")).equals(page)).toBe(true);
    expect(gunzipSync(encodeWhole(page, "gzip")).equals(page)).toBe(true);
    expect(encodeWhole(page, "br").byteLength).toBeLessThan(page.byteLength / 10);
  });
});

describe("readUpTo", () => {
  const streamOf = (chunks: number[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const size of chunks) controller.enqueue(new Uint8Array(size));
        controller.close();
      },
    }).getReader();

  it("reads a body that ends within the limit whole", async () => {
    const read = await readUpTo(streamOf([400, 400, 200]), 1000);
    expect(read).toMatchObject({ bytes: 1000, complete: true });
    expect(read.chunks).toHaveLength(3);
  });

  it("stops once past the limit and leaves the rest in the stream", async () => {
    const reader = streamOf([600, 600, 600]);
    const read = await readUpTo(reader, 1000);
    expect(read).toMatchObject({ bytes: 1200, complete: false });
    const rest = await reader.read();
    expect(rest.value?.byteLength).toBe(600);
  });
});

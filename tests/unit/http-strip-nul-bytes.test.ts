import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { stripNulBytes } from "~/server/http/strip-nul-bytes";

async function through(chunks: Buffer[]): Promise<Buffer> {
  return buffer(Readable.from(chunks).pipe(stripNulBytes()));
}

describe("stripNulBytes (React 18.3 streams unfilled buffer bytes as U+0000)", () => {
  it("removes the zero bytes left before a multi-byte character at a buffer's end", async () => {
    const menu = Buffer.from('<span aria-hidden="true">▾</span>');
    const broken = [Buffer.concat([Buffer.from('<span aria-hidden="true">'), Buffer.from([0, 0])]), Buffer.from("▾</span>")];
    expect(await through(broken)).toEqual(menu);
  });

  it("passes text without zero bytes through unchanged, multi-byte characters included", async () => {
    const text = Buffer.from("Café — 4×4 ▾ ✓ 😀");
    expect(await through([text.subarray(0, 5), text.subarray(5)])).toEqual(text);
  });
});

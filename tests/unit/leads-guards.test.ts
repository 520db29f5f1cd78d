import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkFillToken, FILL_TOKEN_MAX_AGE_MS, issueFillToken, MIN_FILL_TIME_MS } from "~/server/leads/fill-time";
import { checkUploads, detectUploadType, MAX_FILE_BYTES, storeUploads, UPLOAD_MESSAGES } from "~/server/leads/files";

describe("minimum fill time", () => {
  const secrets = ["first-secret-0123456789", "old-secret-0123456789"];
  it("accepts a token after 2 seconds and refuses faster posts", () => {
    const token = issueFillToken("harbourside", 10_000, secrets);
    expect(checkFillToken(token, "harbourside", 10_000 + MIN_FILL_TIME_MS - 1, secrets)).toBe("too-fast");
    expect(checkFillToken(token, "harbourside", 10_000 + MIN_FILL_TIME_MS, secrets)).toBe("ok");
  });
  it("refuses forged, other-tenant, future, expired and missing tokens", () => {
    const token = issueFillToken("harbourside", 10_000, secrets);
    expect(checkFillToken(token.replace(/^10000/, "1000"), "harbourside", 20_000, secrets)).toBe("invalid");
    expect(checkFillToken(token, "other", 20_000, secrets)).toBe("invalid");
    expect(checkFillToken(token, "harbourside", 9_000, secrets)).toBe("invalid");
    expect(checkFillToken(token, "harbourside", 10_001 + FILL_TOKEN_MAX_AGE_MS, secrets)).toBe("invalid");
    expect(checkFillToken(undefined, "harbourside", 20_000, secrets)).toBe("invalid");
  });
  it("accepts tokens signed with a rotated-out secret still listed", () => {
    const token = issueFillToken("harbourside", 10_000, ["old-secret-0123456789"]);
    expect(checkFillToken(token, "harbourside", 20_000, secrets)).toBe("ok");
  });
});

describe("uploads", () => {
  const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
  const webp = new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 ");
  const heic = new TextEncoder().encode("\0\0\0\x18ftypheic\0\0");
  const pdf = new TextEncoder().encode("%PDF-1.7\n");
  const dir = mkdtempSync(path.join(tmpdir(), "uploads-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("recognises images and PDFs by magic bytes only", () => {
    expect([jpeg, png, webp, heic, pdf].map((b) => detectUploadType(b)?.contentType)).toEqual([
      "image/jpeg",
      "image/png",
      "image/webp",
      "image/heic",
      "application/pdf",
    ]);
    expect(detectUploadType(new TextEncoder().encode("<html>"))).toBeNull();
  });

  it("refuses other types, big files and more than 10 files; ignores empty inputs", async () => {
    expect(await checkUploads([new Blob([new TextEncoder().encode("MZ exe")])])).toEqual({ ok: false, error: UPLOAD_MESSAGES.type });
    const big = { size: MAX_FILE_BYTES + 1, arrayBuffer: async () => new ArrayBuffer(0) };
    expect(await checkUploads([big])).toEqual({ ok: false, error: UPLOAD_MESSAGES.size });
    expect(await checkUploads(Array.from({ length: 11 }, () => new Blob([pdf])))).toEqual({ ok: false, error: UPLOAD_MESSAGES.count });
    const ten = await checkUploads([...Array.from({ length: 10 }, () => new Blob([pdf])), new Blob([])]);
    expect(ten.ok && ten.files.length).toBe(10);
  });

  it("stores under uploads/<tenant>/ with random names, never the client's", async () => {
    const checked = await checkUploads([new File([jpeg], "../../etc/passwd.jpg"), new File([pdf], "cv.pdf")]);
    if (!checked.ok) throw new Error(checked.error);
    const stored = await storeUploads(dir, "harbourside", checked.files);
    expect(stored.map((f) => f.stored_name)).toEqual([
      expect.stringMatching(/^uploads\/harbourside\/[0-9a-f]{32}\.jpg$/),
      expect.stringMatching(/^uploads\/harbourside\/[0-9a-f]{32}\.pdf$/),
    ]);
    expect(stored[1]).toMatchObject({ content_type: "application/pdf", size: pdf.byteLength });
    expect(readdirSync(path.join(dir, "uploads", "harbourside"))).toHaveLength(2);
    expect(readFileSync(path.join(dir, stored[1].stored_name))).toEqual(Buffer.from(pdf));
  });
});

import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { StoredFile } from "./store";

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_FILES = 10;

/** Our own texts (the spec has none for uploads). */
export const UPLOAD_MESSAGES = {
  type: "Please upload JPEG, PNG, WebP or HEIC images, or PDF files.",
  size: "Each file must be 10 MB or smaller.",
  count: "Please upload at most 10 files.",
} as const;

export type UploadType = { ext: "jpg" | "png" | "webp" | "heic" | "pdf"; contentType: string };

/** A multipart file as Remix hands it over. */
export type Upload = { size: number; arrayBuffer(): Promise<ArrayBuffer> };

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

/** The type by magic bytes, never by the client's name or Content-Type. */
export function detectUploadType(bytes: Uint8Array): UploadType | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { ext: "jpg", contentType: "image/jpeg" };
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return { ext: "png", contentType: "image/png" };
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return { ext: "webp", contentType: "image/webp" };
  if (ascii(bytes, 4, 8) === "ftyp" && ["heic", "heix", "hevc", "hevx", "mif1", "msf1"].includes(ascii(bytes, 8, 12))) {
    return { ext: "heic", contentType: "image/heic" };
  }
  if (ascii(bytes, 0, 5) === "%PDF-") return { ext: "pdf", contentType: "application/pdf" };
  return null;
}

export type CheckedUpload = { bytes: Uint8Array; type: UploadType };

/** Empty file inputs are ignored; anything else must be an allowed type within the limits. */
export async function checkUploads(
  uploads: readonly Upload[],
): Promise<{ ok: true; files: CheckedUpload[] } | { ok: false; error: string }> {
  const present = uploads.filter((upload) => upload.size > 0);
  if (present.length > MAX_FILES) return { ok: false, error: UPLOAD_MESSAGES.count };
  const files: CheckedUpload[] = [];
  for (const upload of present) {
    if (upload.size > MAX_FILE_BYTES) return { ok: false, error: UPLOAD_MESSAGES.size };
    const bytes = new Uint8Array(await upload.arrayBuffer());
    const type = detectUploadType(bytes);
    if (!type) return { ok: false, error: UPLOAD_MESSAGES.type };
    files.push({ bytes, type });
  }
  return { ok: true, files };
}

/** Writes under `${dataDir}/uploads/<tenant>/<random>.<ext>`; stored_name is relative to dataDir. */
export async function storeUploads(dataDir: string, tenantSlug: string, files: readonly CheckedUpload[]): Promise<StoredFile[]> {
  const folder = path.join(dataDir, "uploads", tenantSlug);
  await mkdir(folder, { recursive: true });
  const stored: StoredFile[] = [];
  for (const file of files) {
    const name = `${randomBytes(16).toString("hex")}.${file.type.ext}`;
    await writeFile(path.join(folder, name), file.bytes, { flag: "wx" });
    stored.push({
      stored_name: path.posix.join("uploads", tenantSlug, name),
      content_type: file.type.contentType,
      size: file.bytes.byteLength,
    });
  }
  return stored;
}

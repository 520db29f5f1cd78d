import { readFile, stat } from "node:fs/promises";
import { renderDemoImageSvg } from "~/server/stock/demo-image";
import { fetchRemoteImage } from "./remote-fetch";
import type { ImageSource } from "./source";

export type SourceBytes = { ok: true; bytes: Buffer } | { ok: false; reason: string };

/** An allowed source: a stable identity for the cache key, and its bytes read only on a cache miss. */
export type OpenedSource = { ok: true; identity: string; read: () => Promise<SourceBytes> } | { ok: false; reason: string };

type AllowedSource = Exclude<ImageSource, { kind: "rejected" }>;

export async function openImageSource(source: AllowedSource): Promise<OpenedSource> {
  switch (source.kind) {
    case "demo": {
      const svg = renderDemoImageSvg(source.name);
      if (svg === null) return { ok: false, reason: `no demo image named ${source.name}` };
      return { ok: true, identity: `demo:${source.name}`, read: async () => ({ ok: true, bytes: Buffer.from(svg) }) };
    }
    case "asset": {
      const info = await stat(source.path).catch(() => null);
      if (!info?.isFile()) return { ok: false, reason: `no tenant asset ${source.file}` };
      // Size and mtime in the identity: a dealer replacing logo.png under the same name gets fresh renders.
      return {
        ok: true,
        identity: `asset:${source.file}:${info.size}:${Math.trunc(info.mtimeMs)}`,
        read: async () =>
          readFile(source.path).then(
            (bytes): SourceBytes => ({ ok: true, bytes }),
            (error: unknown): SourceBytes => ({ ok: false, reason: `reading ${source.file} failed: ${String(error)}` }),
          ),
      };
    }
    case "remote":
      return { ok: true, identity: `remote:${source.url}`, read: () => fetchRemoteImage(source.url) };
  }
}

import { readFile, stat } from "node:fs/promises";
import { renderDemoImageSvg } from "~/server/stock/demo-image";
import type { Tenant } from "~/server/tenants/load";
import { assetContentType, tenantAssetPath } from "./asset-file";
import { IMMUTABLE_CACHE, SVG_SAFETY_HEADERS, TENANT_ASSET_CACHE } from "./headers";
import { DEMO_IMAGE_FILE } from "./source";

function notFound(): Response {
  return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/** `/demo-images/<name>.svg`: drawn from the name alone, so the same name is the same picture forever. */
export function demoImageResponse(file: string | undefined): Response {
  const name = DEMO_IMAGE_FILE.exec(file ?? "")?.[1];
  const svg = name ? renderDemoImageSvg(name) : null;
  if (svg === null) return notFound();
  return new Response(svg, {
    headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": IMMUTABLE_CACHE, ...SVG_SAFETY_HEADERS },
  });
}

/** `/tenant-assets/<file>`: a file from this tenant's own images folder only. */
export async function tenantAssetResponse(tenant: Tenant, file: string | undefined): Promise<Response> {
  const filePath = file ? tenantAssetPath(tenant, file) : null;
  if (!file || !filePath) return notFound();
  const info = await stat(filePath).catch(() => null);
  if (!info?.isFile()) return notFound();
  const bytes = await readFile(filePath);
  const type = assetContentType(file);
  const headers: Record<string, string> = {
    "Content-Type": type,
    "Cache-Control": TENANT_ASSET_CACHE,
    "X-Content-Type-Options": "nosniff",
  };
  return new Response(new Uint8Array(bytes), { headers: type === "image/svg+xml" ? { ...headers, ...SVG_SAFETY_HEADERS } : headers });
}

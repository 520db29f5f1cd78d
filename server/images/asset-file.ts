import path from "node:path";
import type { Tenant } from "~/server/tenants/load";

/** A tenant image file name (files in `<tenant.dir>/images/`): no folders, so no way out of that folder. */
export const ASSET_FILE_NAME = /^[a-z0-9][a-z0-9._-]*\.(svg|png|jpe?g|webp)$/;

const contentTypes: Record<string, string> = {
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
};

export function isAssetFileName(file: string): boolean {
  return ASSET_FILE_NAME.test(file);
}

/** Absolute path of the tenant's image `file`, or null for a name that is not an asset name. */
export function tenantAssetPath(tenant: Pick<Tenant, "dir">, file: string): string | null {
  if (!isAssetFileName(file)) return null;
  const folder = path.resolve(tenant.dir, "images");
  const full = path.resolve(folder, file);
  // The name pattern already forbids separators; this keeps the guarantee if the pattern ever changes.
  return path.dirname(full) === folder ? full : null;
}

export function assetContentType(file: string): string {
  const extension = file.slice(file.lastIndexOf(".") + 1);
  return contentTypes[extension] ?? "application/octet-stream";
}

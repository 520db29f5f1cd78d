import type { Site } from "~/server/tenants/schema";
import type { Tenant } from "~/server/tenants/load";
import { tenantAssetPath } from "./asset-file";
import { rejectReasons } from "./messages";

export type ImageSource =
  | { kind: "demo"; name: string }
  | { kind: "asset"; file: string; path: string }
  | { kind: "remote"; url: string }
  | { kind: "rejected"; reason: string };

export type ImageSourceTenant = Pick<Tenant, "dir"> & { site: Pick<Site, "image_hosts"> };

/** `<name>.svg` under /demo-images/; whether the name draws a picture is renderDemoImageSvg's call. */
export const DEMO_IMAGE_FILE = /^([A-Za-z0-9][A-Za-z0-9-]*)\.svg$/;
const DEMO_PREFIX = "/demo-images/";
const ASSET_PREFIX = "/tenant-assets/";
// Control characters are exactly what this pattern looks for in a requested path.
// eslint-disable-next-line no-control-regex
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f\\]/;
const HTTP_SCHEME = /^https?:\/\//i;

/**
 * Decide, without any I/O, whether the optimiser may read `url` for this tenant (spec 001 §7).
 * Only the tenant's own images (demo photos, files in its images folder) and absolute urls on a
 * host listed in `site.image_hosts` pass; everything else is rejected before any fetch (no SSRF).
 */
export function resolveImageSource(url: string, tenant: ImageSourceTenant): ImageSource {
  const rejected = (reason: string): ImageSource => ({ kind: "rejected", reason });
  if (url.trim() === "") return rejected(rejectReasons.empty);
  if (CONTROL_OR_BACKSLASH.test(url) || url !== url.trim()) return rejected(rejectReasons.unsafeCharacters);
  if (url.startsWith("//")) return rejected(rejectReasons.protocolRelative);
  if (url.startsWith("/")) return resolveLocal(url, tenant) ?? rejected(rejectReasons.unknownLocalPath);
  if (!HTTP_SCHEME.test(url)) return rejected(rejectReasons.notHttp);

  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return rejected(rejectReasons.unparseable);
  }
  if (parsed.username !== "" || parsed.password !== "") return rejected(rejectReasons.credentials);
  if (!tenant.site.image_hosts.some((entry) => hostEntryAllows(entry, parsed))) return rejected(rejectReasons.hostNotListed);
  return { kind: "remote", url: parsed.href };
}

function resolveLocal(url: string, tenant: ImageSourceTenant): ImageSource | null {
  // Names never need escaping, so any percent sign is an attempt at encoded traversal.
  if (url.includes("%")) return { kind: "rejected", reason: rejectReasons.unsafeCharacters };
  if (url.startsWith(DEMO_PREFIX)) {
    const name = DEMO_IMAGE_FILE.exec(url.slice(DEMO_PREFIX.length))?.[1];
    return name ? { kind: "demo", name } : null;
  }
  if (!url.startsWith(ASSET_PREFIX)) return null;
  const file = url.slice(ASSET_PREFIX.length);
  const assetPath = tenantAssetPath(tenant, file);
  return assetPath ? { kind: "asset", file, path: assetPath } : null;
}

/**
 * An image_hosts entry is either a bare host ("cdn.example.com": https on the default port only)
 * or an origin ("http://127.0.0.1:8080": exactly that scheme, host and port). Plain http is thus
 * possible only when the dealer's own config spells it out; matching is exact, no subdomains.
 */
export function hostEntryAllows(entry: string, url: URL): boolean {
  const wanted = entry.trim().toLowerCase();
  if (wanted === "") return false;
  if (wanted.includes("://")) {
    try {
      return new URL(wanted).origin === url.origin;
    } catch {
      return false;
    }
  }
  return url.protocol === "https:" && url.port === "" && url.hostname === wanted;
}

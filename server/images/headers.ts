/** spec 001 §7 optimiser: a render never changes for the same url, w, q and Accept. */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";
/** Placeholders are retried soon: the source may come back. */
export const PLACEHOLDER_CACHE = "public, max-age=60";
/** Tenant files can be replaced under the same name, so a week rather than immutable. */
export const TENANT_ASSET_CACHE = "public, max-age=604800";

/** On every SVG we serve: an SVG opened directly must not run script or load anything. */
export const SVG_SAFETY_HEADERS = {
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
  "X-Content-Type-Options": "nosniff",
} as const;

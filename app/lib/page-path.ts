/**
 * First path segments the server answers itself rather than with a page: resource routes (the
 * API, feeds, images, the visit beacon, /go redirects, payment hand-offs, webhooks) and files.
 * A client-side navigation to one of them cannot render, so links there stay plain <a>.
 */
const RESOURCE_SEGMENTS: ReadonlySet<string> = new Set([
  "_image",
  "api",
  "consent",
  "demo-images",
  "feeds",
  "forget-my-details",
  "go",
  "images",
  "mock",
  "payments",
  "robots.txt",
  "sitemap.xml",
  "tenant-assets",
  "visit.gif",
  "webhooks",
]);

/**
 * Whether a link leads to one of this site's pages, so it may navigate client-side once JavaScript
 * runs: a path on this origin (not `//host`), not a resource route, not a file (`/brochure.pdf`),
 * and not only a fragment. Other sites, tel:, mailto: and `#…` answer false.
 */
export function isPagePath(href: string): boolean {
  if (!href.startsWith("/") || href.startsWith("//")) return false;
  const path = href.split(/[?#]/, 1)[0] ?? "";
  const segments = path.split("/").filter(Boolean);
  if (segments.length > 0 && RESOURCE_SEGMENTS.has(segments[0] ?? "")) return false;
  const last = segments.at(-1) ?? "";
  return !/\.[a-z0-9]{1,5}$/i.test(last);
}

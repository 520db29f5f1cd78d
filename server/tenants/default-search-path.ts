import type { Site } from "./schema";

// spec 000 §2: with nothing configured the fallback is /search/new-used-and-demo-cars.
export const fallbackSearchPath = "/search/new-used-and-demo-cars";

/** Lowercase, no empty segments, no trailing slash. */
export function normalizePath(path: string): string {
  const segments = path
    .toLowerCase()
    .split("/")
    .filter((segment) => segment !== "");
  return `/${segments.join("/")}`;
}

/** The site's default search path; a configured one without the /search/ prefix gets it (spec 000 §2). */
export function defaultSearchPath(site: Pick<Site, "default_search_path">): string {
  const configured = site.default_search_path?.split(/[?#]/)[0]?.trim() ?? "";
  const path = normalizePath(configured);
  if (path === "/" || path === "/search") return fallbackSearchPath;
  return path.startsWith("/search/") ? path : `/search${path}`;
}

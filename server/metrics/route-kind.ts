/**
 * What kind of page or call a request is, for the HTTP metrics: a handful of values an on-call person
 * reads ("form posts are failing", "search is slow"), never the raw path, so the label stays bounded.
 */
export type RouteKind = "search" | "vehicle" | "form_page" | "form_post" | "api" | "asset" | "health" | "page";

export const ROUTE_KINDS: readonly RouteKind[] = ["search", "vehicle", "form_page", "form_post", "api", "asset", "health", "page"];

/** The first path segment of a vehicle page (`/cars/<slug>`), as server/handlers/vehicle accepts it. */
const VEHICLE_BASES: ReadonlySet<string> = new Set(["cars", "motorcycles", "campers"]);

/** Pages whose main content is a lead form (spec 001 §5) or a multi-step flow. */
const FORM_PAGES: ReadonlySet<string> = new Set([
  "contact",
  "service",
  "finance",
  "finance-enquiry",
  "apply-for-finance",
  "book-test-drive",
  "trade-in",
  "fleet",
  "careers",
  "sell-my-car",
  "request-photos",
  "find-me-something-similar",
  "vehicle-parts-and-accessories",
  "reservation",
  "mybigboxcars",
  "myblinkr",
  "mymotorama",
  "myservco",
]);

/** Sub-pages of a vehicle that are its forms (`/cars/<slug>/enquire`). */
const VEHICLE_FORM_PAGES: ReadonlySet<string> = new Set(["enquire", "test-drive", "buy-online", "checkout"]);

const ASSET_PREFIXES: readonly string[] = ["build", "_image", "images", "tenant-assets", "demo-images", "__fakes"];
const ASSET_FILE = /\.(css|js|mjs|map|png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|txt|webmanifest)$/i;
const API_PREFIXES: ReadonlySet<string> = new Set(["api", "mock", "webhooks", "go", "payments"]);
const HEALTH_PATHS: ReadonlySet<string> = new Set(["/healthz", "/readyz", "/metrics"]);

/** The route kind of a request from its method and path (no query string). */
export function routeKind(method: string, path: string): RouteKind {
  if (HEALTH_PATHS.has(path)) return "health";
  const segments = path.split("/").filter(Boolean);
  const first = segments[0] ?? "";
  if (API_PREFIXES.has(first)) return "api";
  if (ASSET_PREFIXES.includes(first) || (ASSET_FILE.test(path) && path !== "/robots.txt")) return "asset";
  const reading = method === "GET" || method === "HEAD";
  if (!reading) return "form_post";
  if (first === "search") return "search";
  if (VEHICLE_BASES.has(first)) {
    if (segments.length === 1) return "search";
    if (segments.length === 2) return segments[1] === "trade-in" ? "form_page" : "vehicle";
    if (segments.length === 3 && VEHICLE_FORM_PAGES.has(segments[2])) return "form_page";
  }
  if (FORM_PAGES.has(first)) return "form_page";
  return "page";
}

/** "2xx" … "5xx": the status class label. */
export function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

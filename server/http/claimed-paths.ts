import type { ServerBuild } from "@remix-run/node";

/**
 * Paths under /api/, /webhooks/ and /mock/ are for programs, not people: one that no route claims,
 * or a method its route does not take, answers 404 or 405 in JSON at the edge. Left to Remix they
 * fell through to the page routes (`:base/:slug`, the splat), whose page and form actions answered
 * a body-less DELETE /api/leads%2e%2e%2f with 500.
 */
export const MACHINE_PREFIXES = ["/api/", "/webhooks/", "/mock/"] as const;

/** Case-insensitive, as Remix matches `/API/leads` to the api.leads route. */
export function isMachinePath(path: string): boolean {
  const lower = path.toLowerCase();
  return MACHINE_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

export type ClaimedRoute = { pattern: string[]; methods: string[] };

export type PathAnswer = { status: 200 } | { status: 404 } | { status: 405; allow: string[] };

/** The routes under the machine prefixes, from the Remix build (so a new route file is claimed at once). */
export function claimedRoutes(build: Pick<ServerBuild, "routes">, express: ClaimedRoute[] = []): ClaimedRoute[] {
  const fullPath = (id: string | undefined): string => {
    const route = id ? build.routes[id] : undefined;
    if (!route) return "";
    const parent = fullPath(route.parentId);
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  const routes: ClaimedRoute[] = [...express];
  for (const route of Object.values(build.routes)) {
    const path = `/${fullPath(route.id)}`;
    if (!isMachinePath(path)) continue;
    const methods: string[] = [];
    if (route.module.loader) methods.push("GET", "HEAD");
    if (route.module.action) methods.push("POST", "PUT", "PATCH", "DELETE");
    routes.push({ pattern: path.split("/").filter(Boolean), methods });
  }
  return routes;
}

function segmentsOf(path: string): string[] | null {
  try {
    return path
      .split("/")
      .filter(Boolean)
      .map((part) => decodeURIComponent(part));
  } catch {
    return null;
  }
}

function matches(pattern: string[], segments: string[]): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const part = pattern[i]!;
    if (part === "*") return true;
    const segment = segments[i];
    if (segment === undefined) return false;
    if (part.startsWith(":")) continue;
    // React Router matches route paths case-insensitively by default.
    if (part.toLowerCase() !== segment.toLowerCase()) return false;
  }
  return segments.length === pattern.length;
}

/** 200: a route takes it (or it is not a machine path); 404: no route; 405: a route, not this method. */
export function answerForPath(routes: readonly ClaimedRoute[], path: string, method: string): PathAnswer {
  if (!isMachinePath(path)) return { status: 200 };
  const segments = segmentsOf(path);
  if (!segments) return { status: 404 };
  const matched = routes.filter((route) => matches(route.pattern, segments));
  if (matched.length === 0) return { status: 404 };
  const allow = [...new Set(matched.flatMap((route) => route.methods))];
  return allow.includes(method) ? { status: 200 } : { status: 405, allow };
}

import { createRequire } from "node:module";

/**
 * The route matching Remix does on every document request, done once per route table and path.
 *
 * `matchRoutes` of @remix-run/router flattens the whole route table, ranks every branch and compiles
 * a regular expression per branch on every call, and one document request calls it four to six
 * times (the server's own match, the static router's render, and lazy route discovery once per
 * parent path of the URL). With ~90 routes that was 13% of a page's CPU in a profile. The route
 * tables are rebuilt per request but never change shape, so a match is remembered by the table's
 * shape (route ids, paths, index and case flags) and the path, and re-pointed at the table the
 * caller passed. The static handler's `query` calls its module's own function directly; the patch in
 * patches/ (applied by npm's postinstall) makes it call the export too, so it is remembered as well.
 */
type RouteLike = { id?: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: RouteLike[] };
type Match = { params: Record<string, string | undefined>; pathname: string; pathnameBase: string; route: RouteLike };
type RememberedMatch = { routeId: string; params: Record<string, string | undefined>; pathname: string; pathnameBase: string };
type LocationArg = string | { pathname?: string; search?: string; hash?: string };
type MatchRoutes = (routes: RouteLike[], location: LocationArg, basename?: string) => Match[] | null;
type RouterModule = { matchRoutes: MatchRoutes };

/** Distinct paths remembered per route table; vehicle pages make the set open-ended, so it is bounded. */
const PATHS_PER_TABLE = 20_000;

type Table = { shape: string; byId: Map<string, RouteLike> };

function describe(routes: RouteLike[], byId: Map<string, RouteLike>): string | null {
  let out = "[";
  for (const route of routes) {
    if (typeof route.id !== "string") return null;
    byId.set(route.id, route);
    const children = route.children ? describe(route.children, byId) : "";
    if (children === null) return null;
    out += `${JSON.stringify([route.id, route.path ?? null, route.index === true, route.caseSensitive === true])}${children},`;
  }
  return `${out}]`;
}

function pathnameOf(location: LocationArg): string {
  if (typeof location !== "string") return location.pathname ?? "/";
  const end = location.search(/[?#]/);
  return end === -1 ? location : location.slice(0, end);
}

export function memoizedMatchRoutes(original: MatchRoutes): MatchRoutes {
  const tables = new WeakMap<RouteLike[], Table | null>();
  const remembered = new Map<string, Map<string, RememberedMatch[] | null>>();

  function tableOf(routes: RouteLike[]): Table | null {
    let table = tables.get(routes);
    if (table === undefined) {
      const byId = new Map<string, RouteLike>();
      const shape = describe(routes, byId);
      table = shape === null ? null : { shape, byId };
      tables.set(routes, table);
    }
    return table;
  }

  return (routes, location, basename = "/") => {
    const table = tableOf(routes);
    if (!table) return original(routes, location, basename);
    let paths = remembered.get(table.shape);
    if (!paths) remembered.set(table.shape, (paths = new Map()));
    const key = `${basename}\u0000${pathnameOf(location)}`;
    let found = paths.get(key);
    if (found === undefined) {
      const matches = original(routes, location, basename);
      found = matches
        ? matches.map((match) => ({
            routeId: match.route.id ?? "",
            params: match.params,
            pathname: match.pathname,
            pathnameBase: match.pathnameBase,
          }))
        : null;
      if (paths.size >= PATHS_PER_TABLE) paths.clear();
      paths.set(key, found);
    }
    if (found === null) return null;
    const out: Match[] = [];
    for (const match of found) {
      const route = table.byId.get(match.routeId);
      if (!route) return original(routes, location, basename);
      out.push({ params: { ...match.params }, pathname: match.pathname, pathnameBase: match.pathnameBase, route });
    }
    return out;
  };
}

/**
 * Puts the memoized `matchRoutes` on the router module every Remix package reaches it through
 * (`require("@remix-run/router").matchRoutes`, read at call time). Called once at start.
 */
export function installRouteMatchCache(): void {
  const router = createRequire(import.meta.url)("@remix-run/router") as RouterModule;
  router.matchRoutes = memoizedMatchRoutes(router.matchRoutes);
}

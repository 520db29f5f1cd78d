import { createRequire } from "node:module";

/**
 * The route tables Remix builds on every document request, built once per server build.
 *
 * Rendering a document, Remix collects the route modules into a new object, turns the build's
 * manifest into React routes (`createServerRoutes`) and those into data routes
 * (`convertRoutesToDataRoutes`, inside `createStaticRouter`): ~90 routes walked and copied three
 * times per request, 9% of a content page's CPU in a profile, for tables that only change with the
 * build. Each step is remembered by the identity of its input, so the next step's input is the same
 * object again and its own memo holds (and so does the route match cache keyed by table).
 * Nothing downstream mutates these tables on the server: lazy routes (the one mutation) exist only in
 * SPA mode, which is not remembered.
 */
type RouteModules = Record<string, unknown>;
type ManifestRoutes = Record<string, unknown>;
type EntryModule = { createEntryRouteModules: (routes: ManifestRoutes) => RouteModules };
type CreateServerRoutes = (
  manifest: ManifestRoutes,
  routeModules: RouteModules,
  future: unknown,
  isSpaMode: boolean,
  ...rest: unknown[]
) => unknown[];
type ServerRoutesModule = { createServerRoutes: CreateServerRoutes };
type ConvertRoutes = (
  routes: unknown[],
  mapRouteProperties: unknown,
  parentPath?: string[],
  manifest?: Record<string, unknown>,
) => unknown[];
type RouterModule = { UNSAFE_convertRoutesToDataRoutes: ConvertRoutes };

/** A two-level identity memo: the result for (first, second) while both objects live. */
function pairMemo<A extends object, B extends object, R>(): { get(a: A, b: B): R | undefined; set(a: A, b: B, value: R): void } {
  const byFirst = new WeakMap<A, WeakMap<B, R>>();
  return {
    get: (a, b) => byFirst.get(a)?.get(b),
    set(a, b, value) {
      let bySecond = byFirst.get(a);
      if (!bySecond) byFirst.set(a, (bySecond = new WeakMap()));
      bySecond.set(b, value);
    },
  };
}

/** The same route-modules object for the same build routes (Remix makes a new one per request). */
export function memoizedEntryRouteModules(original: EntryModule["createEntryRouteModules"]): EntryModule["createEntryRouteModules"] {
  const remembered = new WeakMap<ManifestRoutes, RouteModules>();
  return (routes) => {
    let modules = remembered.get(routes);
    if (!modules) remembered.set(routes, (modules = original(routes)));
    return modules;
  };
}

/** The same React route table for the same manifest, modules and flags (top-level calls only). */
export function memoizedServerRoutes(original: CreateServerRoutes): CreateServerRoutes {
  const remembered = pairMemo<ManifestRoutes, RouteModules, { future: unknown; routes: unknown[] }>();
  return (manifest, routeModules, future, isSpaMode, ...rest) => {
    if (isSpaMode || rest.length > 0) return original(manifest, routeModules, future, isSpaMode, ...rest);
    const hit = remembered.get(manifest, routeModules);
    if (hit && hit.future === future) return hit.routes;
    const routes = original(manifest, routeModules, future, isSpaMode);
    remembered.set(manifest, routeModules, { future, routes });
    return routes;
  };
}

/**
 * The same data routes for the same routes and property mapper. The caller's manifest (an empty
 * object it reads the routes by id from) is filled as the original call would have.
 */
export function memoizedDataRoutes(original: ConvertRoutes): ConvertRoutes {
  const remembered = pairMemo<unknown[], object, { dataRoutes: unknown[]; manifest: Record<string, unknown> }>();
  return (routes, mapRouteProperties, parentPath, manifest) => {
    const topLevel = parentPath === undefined && manifest !== undefined && Object.keys(manifest).length === 0;
    if (!topLevel || typeof mapRouteProperties !== "function") return original(routes, mapRouteProperties, parentPath, manifest);
    const hit = remembered.get(routes, mapRouteProperties);
    if (hit) {
      Object.assign(manifest, hit.manifest);
      return hit.dataRoutes;
    }
    const dataRoutes = original(routes, mapRouteProperties, parentPath, manifest);
    remembered.set(routes, mapRouteProperties, { dataRoutes, manifest: { ...manifest } });
    return dataRoutes;
  };
}

/**
 * Puts the memoized steps on the modules Remix reaches them through (each is read as a property of
 * its module at call time). Called once at start.
 */
export function installRouteTableCache(): void {
  const require = createRequire(import.meta.url);
  const entry = require("@remix-run/server-runtime/dist/entry.js") as EntryModule;
  entry.createEntryRouteModules = memoizedEntryRouteModules(entry.createEntryRouteModules);
  const serverRoutes = require("@remix-run/react/dist/routes.js") as ServerRoutesModule;
  serverRoutes.createServerRoutes = memoizedServerRoutes(serverRoutes.createServerRoutes);
  const router = require("@remix-run/router") as RouterModule;
  router.UNSAFE_convertRoutesToDataRoutes = memoizedDataRoutes(router.UNSAFE_convertRoutesToDataRoutes);
}

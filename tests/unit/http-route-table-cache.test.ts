import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { memoizedDataRoutes, memoizedEntryRouteModules, memoizedServerRoutes } from "~/server/http/route-table-cache";

const require = createRequire(import.meta.url);
const entry = require("@remix-run/server-runtime/dist/entry.js") as {
  createEntryRouteModules: (routes: object) => Record<string, unknown>;
};
const serverRoutes = require("@remix-run/react/dist/routes.js") as {
  createServerRoutes: (
    manifest: object,
    modules: object,
    future: object,
    isSpaMode: boolean,
  ) => Array<{ id: string; children?: unknown[] }>;
};
const router = require("@remix-run/router") as {
  UNSAFE_convertRoutesToDataRoutes: (
    routes: unknown[],
    map: unknown,
    parentPath?: string[],
    manifest?: Record<string, unknown>,
  ) => unknown[];
};

/** A build's routes as Remix hands them over: manifest entries and the modules behind them. */
function build() {
  const module = (name: string) => ({ default: () => name });
  const routes = {
    root: { id: "root", path: "", module: module("root") },
    "routes/_index": { id: "routes/_index", parentId: "root", index: true, module: module("home") },
    "routes/about": { id: "routes/about", parentId: "root", path: "about", module: module("about") },
  };
  const manifest = {
    root: {
      id: "root",
      path: "",
      hasLoader: true,
      hasAction: false,
      hasClientLoader: false,
      hasClientAction: false,
      hasErrorBoundary: false,
    },
    "routes/_index": {
      id: "routes/_index",
      parentId: "root",
      index: true,
      hasLoader: false,
      hasAction: false,
      hasClientLoader: false,
      hasClientAction: false,
      hasErrorBoundary: false,
    },
    "routes/about": {
      id: "routes/about",
      parentId: "root",
      path: "about",
      hasLoader: true,
      hasAction: false,
      hasClientLoader: false,
      hasClientAction: false,
      hasErrorBoundary: false,
    },
  };
  return { routes, manifest };
}

describe("route tables built once per server build", () => {
  it("gives the same route modules, React routes and data routes for the same build, request after request", () => {
    const { routes, manifest } = build();
    const modulesOf = memoizedEntryRouteModules(entry.createEntryRouteModules);
    const serverRoutesOf = memoizedServerRoutes(serverRoutes.createServerRoutes as never);
    const dataRoutesOf = memoizedDataRoutes(router.UNSAFE_convertRoutesToDataRoutes);
    const future = {};
    const mapRouteProperties = (route: object) => ({ hasErrorBoundary: "ErrorBoundary" in route });

    const render = () => {
      const modules = modulesOf(routes);
      const reactRoutes = serverRoutesOf(manifest, modules, future, false);
      const byId: Record<string, unknown> = {};
      const dataRoutes = dataRoutesOf(reactRoutes, mapRouteProperties, undefined, byId);
      return { modules, reactRoutes, dataRoutes, byId };
    };
    const first = render();
    const second = render();

    expect(second.modules).toBe(first.modules);
    expect(second.reactRoutes).toBe(first.reactRoutes);
    expect(second.dataRoutes).toBe(first.dataRoutes);
    // Each caller's own manifest is filled as the unremembered call would fill it.
    expect(second.byId).not.toBe(first.byId);
    expect(Object.keys(second.byId).sort()).toEqual(["root", "routes/_index", "routes/about"]);
    expect(second.byId["routes/about"]).toBe(first.byId["routes/about"]);
    // The same tables the original functions build.
    const plain = router.UNSAFE_convertRoutesToDataRoutes(
      serverRoutes.createServerRoutes(manifest, entry.createEntryRouteModules(routes), future, false),
      mapRouteProperties,
      undefined,
      {},
    );
    expect(JSON.stringify(first.dataRoutes)).toBe(JSON.stringify(plain));
  });

  it("builds anew for another build, for SPA mode and for nested calls", () => {
    const one = build();
    const other = build();
    const serverRoutesOf = memoizedServerRoutes(serverRoutes.createServerRoutes as never);
    const modules = entry.createEntryRouteModules(one.routes);
    const future = {};
    const a = serverRoutesOf(one.manifest, modules, future, false);
    expect(serverRoutesOf(other.manifest, modules, future, false)).not.toBe(a);
    expect(serverRoutesOf(one.manifest, modules, future, true)).not.toBe(serverRoutesOf(one.manifest, modules, future, true));
    expect(serverRoutesOf(one.manifest, modules, {}, false)).not.toBe(a);

    const dataRoutesOf = memoizedDataRoutes(router.UNSAFE_convertRoutesToDataRoutes);
    const map = () => ({});
    const nested = dataRoutesOf(a, map, ["0"], {});
    expect(dataRoutesOf(a, map, ["0"], {})).not.toBe(nested);
    const filled = { root: {} };
    expect(() => dataRoutesOf(a, map, undefined, filled)).toThrow(/collision/);
  });
});

describe("the static handler's own route match (patches/@remix-run+router)", () => {
  it("goes through the router module's matchRoutes export, where the memoized one is installed", async () => {
    const routerModule = require("@remix-run/router") as {
      matchRoutes: (...args: unknown[]) => unknown;
      createStaticHandler: (routes: unknown[]) => { query: (request: Request) => Promise<unknown> };
    };
    const original = routerModule.matchRoutes;
    const seen: string[] = [];
    routerModule.matchRoutes = (...args: unknown[]) => {
      const location = args[1] as { pathname: string };
      seen.push(location.pathname);
      return original(...args);
    };
    try {
      const handler = routerModule.createStaticHandler([
        { id: "root", path: "/", children: [{ id: "about", path: "about", loader: () => null }] },
      ]);
      await handler.query(new Request("http://localhost/about"));
    } finally {
      routerModule.matchRoutes = original;
    }
    expect(seen).toEqual(["/about"]);
  });
});

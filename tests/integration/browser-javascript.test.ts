/**
 * What a browser downloads for a page (the production build's client entry, the route chain and
 * their chunks) leaves out zod's schemas (46 KB gzip): the browser validates no form with zod (the
 * multi-step flows take only its settings, through Conform). A module that builds a schema when it
 * loads cannot be left out of a bundle, so one constant imported from such a module once put zod on
 * every page; this holds it off.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadBuild } from "./support/http";

type RouteAssets = { id: string; parentId?: string; module: string; imports?: string[] };

async function pageFiles(routeId: string): Promise<string[]> {
  const { entry, routes } = (await loadBuild()).assets as unknown as {
    entry: { module: string; imports: string[] };
    routes: Record<string, RouteAssets>;
  };
  const files = new Set<string>([entry.module, ...entry.imports]);
  for (let route: RouteAssets | undefined = routes[routeId]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  expect(routes[routeId], routeId).toBeDefined();
  return [...files];
}

/** Whether zod is in the files: its error class registers itself under this name, minified or not. */
const carriesZod = (files: string[]) => files.some((file) => readFileSync(path.join("public", file), "utf8").includes('"ZodError"'));

describe("browser JavaScript", () => {
  it("carries no zod schemas on any page", async () => {
    const { routes } = (await loadBuild()).assets as unknown as { routes: Record<string, RouteAssets> };
    const ids = Object.keys(routes);
    expect(ids).toContain("routes/search.$");
    for (const route of ids) expect(carriesZod(await pageFiles(route)), route).toBe(false);
  });
});

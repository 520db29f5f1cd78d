/**
 * The JavaScript each page makes a browser download, gzip-compressed: the client entry, the root
 * route and every route module on the way from the root to the page, with all their chunks, each
 * file counted once. Budget (issue: a lean browser): ≤ 110 KB gzip on any page.
 * Run after `npm run build`: `npm run bench:js` (also part of `npm run bench`).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import type { ServerBuild } from "@remix-run/node";

const BUDGET_BYTES = 110 * 1024;

type RouteAssets = { id: string; parentId?: string; module: string; imports?: string[] };

function gzipBytes(publicPath: string, cache: Map<string, number>): number {
  let size = cache.get(publicPath);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join("public", publicPath)), { level: 9 }).length;
    cache.set(publicPath, size);
  }
  return size;
}

async function main(): Promise<void> {
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  const { entry, routes } = build.assets as unknown as {
    entry: { module: string; imports: string[] };
    routes: Record<string, RouteAssets>;
  };
  const cache = new Map<string, number>();
  const rows: { route: string; files: number; bytes: number }[] = [];
  for (const route of Object.values(routes)) {
    const files = new Set<string>([entry.module, ...entry.imports]);
    for (let current: RouteAssets | undefined = route; current; current = current.parentId ? routes[current.parentId] : undefined) {
      files.add(current.module);
      for (const file of current.imports ?? []) files.add(file);
    }
    const bytes = [...files].reduce((sum, file) => sum + gzipBytes(file, cache), 0);
    rows.push({ route: route.id, files: files.size, bytes });
  }
  rows.sort((a, b) => b.bytes - a.bytes);
  const width = Math.max(...rows.map((row) => row.route.length));
  process.stdout.write(`JavaScript per page (gzip, entry + route chain + chunks)\n`);
  for (const row of rows)
    process.stdout.write(`${row.route.padEnd(width)}  ${(row.bytes / 1024).toFixed(1).padStart(6)} KB  ${row.files} files\n`);
  const worst = rows[0];
  const verdict = worst && worst.bytes <= BUDGET_BYTES ? "PASS" : "FAIL";
  process.stdout.write(
    `largest: ${worst?.route} ${((worst?.bytes ?? 0) / 1024).toFixed(1)} KB — budget ${BUDGET_BYTES / 1024} KB: ${verdict}\n`,
  );
  if (verdict === "FAIL") process.exitCode = 1;
}

void main();

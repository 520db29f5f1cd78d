import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The folder rules of docs/architecture.md, read from the imports themselves so they cannot drift.
const root = path.resolve(".");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

/** Each file's imports inside the repository, as repository-relative paths without extension. */
function internalImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)].map((m) => m[1]);
  return specs.flatMap((spec) => {
    if (spec.startsWith("~/")) return [spec.slice(2)];
    if (spec.startsWith(".")) return [path.relative(root, path.resolve(path.dirname(file), spec))];
    return [];
  });
}

/**
 * server/<domain> (subfolders folded in; every request handler folder counts as server/handlers);
 * a file at server/'s top (the composition root: start, services, context) is its own node.
 */
function folderOf(relative: string): string {
  const parts = relative
    .split(path.sep)
    .join("/")
    .replace(/\.tsx?$/, "")
    .split("/");
  if (parts[0] !== "server") return parts[0];
  if (parts.length <= 2) return parts.join("/");
  return `server/${parts[1]}`;
}

const serverFiles = sourceFiles(path.join(root, "server"));

function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of serverFiles) {
    const from = folderOf(path.relative(root, file));
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const target of internalImports(file)) {
      const to = folderOf(target);
      if (to !== from) edges.add(to);
    }
  }
  return graph;
}

function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, "visiting" | "done">();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, "visiting");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "visiting") return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    stack.pop();
    state.set(node, "done");
    return null;
  };
  for (const node of graph.keys()) {
    if (!state.has(node)) {
      const cycle = visit(node);
      if (cycle) return cycle;
    }
  }
  return null;
}

describe("folder rules", () => {
  it("server folders import each other without a cycle", () => {
    expect(findCycle(folderGraph())).toBeNull();
  });

  it("a request handler folder uses another only through its public module; the shared toolkit is server/handlers/shared", () => {
    const handlers = path.join(root, "server", "handlers");
    const offenders = sourceFiles(handlers).flatMap((file) => {
      const own = path.relative(handlers, file).split(path.sep)[0];
      return internalImports(file)
        .map((target) => target.split(path.sep).join("/"))
        .filter((target) => {
          const match = /^server\/handlers\/([^/]+)(\/.*)?$/.exec(target);
          if (!match || match[1] === own || match[1] === "shared") return false;
          return match[2] !== undefined && match[2] !== "/index";
        })
        .map((target) => `${path.relative(root, file)} → ${target}`);
    });
    expect(offenders).toEqual([]);
  });

  it("the shared request toolkit stands on no other handler folder", () => {
    const shared = sourceFiles(path.join(root, "server", "handlers", "shared"));
    const offenders = shared.flatMap((file) =>
      internalImports(file)
        .map((target) => target.split(path.sep).join("/"))
        .filter((target) => target.startsWith("server/handlers/") && !target.startsWith("server/handlers/shared/"))
        .map((target) => `${path.relative(root, file)} → ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it("server code never imports the UI", () => {
    const offenders = serverFiles.filter((file) => internalImports(file).some((target) => target.startsWith("app/")));
    expect(offenders.map((file) => path.relative(root, file))).toEqual([]);
  });

  it("components hold no server modules: request glue lives in server/handlers", () => {
    const misplaced = sourceFiles(path.join(root, "app", "components")).filter((file) => file.includes(".server."));
    expect(misplaced.map((file) => path.relative(root, file))).toEqual([]);
  });

  it("the rules folder is pure: server/stock reads no database, file, network or search backend", () => {
    const impure = /^(server\/(db|search|handlers|inventory|leads)\/|node:(fs|http|https|net))/;
    const offenders = sourceFiles(path.join(root, "server", "stock")).flatMap((file) => {
      const text = readFileSync(file, "utf8");
      const external = [...text.matchAll(/from\s+"(node:[^"]+)"/g)].map((m) => m[1]);
      return [...internalImports(file), ...external]
        .filter((target) => impure.test(target.split(path.sep).join("/")))
        .map((target) => `${path.relative(root, file)} → ${target}`);
    });
    expect(offenders).toEqual([]);
  });
});

describe("the folder map in docs/architecture.md", () => {
  it("names every folder under server/", () => {
    const map = readFileSync(path.join(root, "docs", "architecture.md"), "utf8");
    const folders = readdirSync(path.join(root, "server"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `server/${entry.name}/`);
    expect(folders.filter((folder) => !map.includes(`\`${folder}\``))).toEqual([]);
  });
});

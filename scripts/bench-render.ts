/**
 * `npm run bench:render`: what a rendered page costs, for every page kind (home, search, vehicle,
 * content, form page), against `/healthz` in the same run as the ceiling and the search page's own
 * search as JSON. Starts the production server (`npm start`'s command, after `npm run build`) as a
 * child on a free port, warms every URL, then runs autocannon against each in turn: requests/s, p50,
 * the server's CPU per request (steady on a shared machine, where requests/s is not), HTML size and
 * `__remixContext` size. Exits 1 when a page misses its goal, unless `--report-only` (for a loaded
 * machine, where requests/s say more about the neighbours than about the page).
 *   npm run bench:render [-- --duration 5 --connections 8 --report-only --accept-encoding "gzip, deflate, br"]
 * Two passes: "rendered", with the server's page cache off (PAGE_CACHE_MB=0), every view drawn anew —
 * the goals apply to it; then "served", as production runs (an anonymous repeat view within a second
 * is the page held in the process, server/http/page-cache.ts), for what a dealer's one process
 * serves at peak. `--pass rendered` or `--pass served` runs one.
 * Requests carry no cookies: an anonymous visitor, the page a shared cache would keep. Without
 * --accept-encoding they ask for no compression (the goals' baseline was measured so); with a
 * browser's header the CPU per request includes compressing the page as a browser receives it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { directSearchHref } from "../server/search/direct-search";
import { hitsPerPage } from "../server/search/state";

const host = "harbourside.localhost";
const searchPath = "/search/new-used-and-demo-cars";

/** The goals per page kind on one process of a quiet machine (docs/benchmarks.md, "Page render"). */
type Goal = { minRequestsPerSecond: number; maxCpuMs?: number; maxHtmlKb?: number; maxContextKb?: number };
type PageKind = { name: string; path: string; goal: Goal | null };

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "5" },
    warmup: { type: "string", default: "2" },
    connections: { type: "string", default: "8" },
    "report-only": { type: "boolean", default: false },
    "accept-encoding": { type: "string", default: "" },
    pass: { type: "string", default: "both" },
  },
});
if (!["both", "rendered", "served"].includes(values.pass)) throw new Error("--pass is both, rendered or served");
const passes = values.pass === "both" ? (["rendered", "served"] as const) : ([values.pass as "rendered" | "served"] as const);
const duration = Number(values.duration);
const warmup = Number(values.warmup);
const connections = Number(values.connections);
const reportOnly = values["report-only"];
const acceptEncoding = values["accept-encoding"];
const requestHeaders: Record<string, string> = acceptEncoding ? { host, "accept-encoding": acceptEncoding } : { host };

const say = (line = "") => process.stdout.write(`${line}\n`);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function get(port: number, urlPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path: urlPath, headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
  });
}

/** The production start command from package.json, so the bench follows however production starts. */
function startCommand(): string {
  const pkg: { scripts: Record<string, string> } = JSON.parse(readFileSync("package.json", "utf8"));
  const command = pkg.scripts.start;
  if (!command) throw new Error("package.json has no start script");
  return command;
}

async function startServer(port: number, dataDir: string, extraEnv: Record<string, string>): Promise<ChildProcess> {
  // exec: the shell becomes the server, so the pid we signal is the server's.
  const child = spawn("sh", ["-c", `exec ${startCommand()}`], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      LEAD_DELIVERY: "off",
      ...extraEnv,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}; run "npm run build" first`);
    try {
      if ((await get(port, "/healthz")).status === 200) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill("SIGTERM");
  throw new Error("server did not become healthy within 60 s");
}

type Measured = { requestsPerSecond: number; p50Ms: number; non2xx: number; errors: number; cpuMsPerRequest: number | null };

/**
 * The server's own CPU time (user + system) from /proc, so a shared, busy machine still gives a
 * steady cost per request; null where /proc is missing (not Linux).
 */
function serverCpuMs(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    // utime and stime are fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 per second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

async function measure(server: ChildProcess, port: number, urlPath: string, seconds: number): Promise<Measured> {
  const cpuBefore = serverCpuMs(server.pid);
  const result = await autocannon({ url: `http://127.0.0.1:${port}${urlPath}`, headers: requestHeaders, connections, duration: seconds });
  const cpuAfter = serverCpuMs(server.pid);
  const requests = result.requests.total;
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    non2xx: result.non2xx,
    errors: result.errors,
    cpuMsPerRequest: cpuBefore === null || cpuAfter === null || requests === 0 ? null : (cpuAfter - cpuBefore) / requests,
  };
}

function remixContextBytes(html: string): number {
  const match = /window\.__remixContext = (.*?);<\/script>/s.exec(html);
  return match?.[1] ? Buffer.byteLength(match[1]) : 0;
}

/** The first vehicle page the search page links to. */
function firstVehiclePath(searchHtml: string): string {
  const match = /href="(\/cars\/[^"?#]+)"/.exec(searchHtml);
  if (!match?.[1]) throw new Error("the search page links to no vehicle page");
  return match[1];
}

const kb = (bytes: number) => bytes / 1024;

async function main(): Promise<void> {
  const misses: string[] = [];
  for (const pass of passes) misses.push(...(await runPass(pass)));
  if (misses.length > 0) {
    say(`${misses.length} page(s) missed a goal${reportOnly ? " (--report-only: not failing)" : ""}`);
    if (!reportOnly) process.exitCode = 1;
  }
}

/** One server, every page kind; the misses of the rendered pass (the served pass has no goals). */
async function runPass(pass: "rendered" | "served"): Promise<string[]> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "forecourt-bench-render-"));
  const server = await startServer(port, dataDir, pass === "rendered" ? { PAGE_CACHE_MB: "0" } : {});
  const goals = pass === "rendered";
  try {
    const search = await get(port, searchPath);
    const pages: PageKind[] = [
      { name: "/healthz (ceiling)", path: "/healthz", goal: null },
      { name: "content /about-us", path: "/about-us", goal: { minRequestsPerSecond: 1000 } },
      { name: "home /", path: "/", goal: { minRequestsPerSecond: 500 } },
      {
        name: "search (21 cards)",
        path: searchPath,
        goal: { minRequestsPerSecond: 300, maxCpuMs: 3, maxHtmlKb: 80, maxContextKb: 10 },
      },
      { name: "vehicle", path: firstVehiclePath(search.body), goal: { minRequestsPerSecond: 500 } },
      { name: "form /contact", path: "/contact", goal: { minRequestsPerSecond: 500 } },
      { name: "search as JSON", path: directSearchHref(searchPath, hitsPerPage), goal: null },
    ];
    const encoding = acceptEncoding ? `Accept-Encoding: ${acceptEncoding}` : "uncompressed";
    const what =
      pass === "rendered"
        ? "rendered: page cache off (PAGE_CACHE_MB=0), every view drawn anew"
        : "served: page cache on, as production runs";
    say(`\n${what}`);
    say(`${host}, one server process, ${connections} connections, ${duration} s each after ${warmup} s warm-up, no cookies, ${encoding}`);
    say(
      `${"page".padEnd(20)} ${"req/s".padStart(7)} ${"p50".padStart(6)} ${"CPU/req".padStart(9)} ${"HTML".padStart(9)} ${"context".padStart(8)}  goal`,
    );
    const misses: string[] = [];
    for (const page of pages) {
      const sample = await get(port, page.path);
      if (sample.status !== 200) throw new Error(`${page.path}: expected 200, got ${sample.status}`);
      await measure(server, port, page.path, warmup);
      const m = await measure(server, port, page.path, duration);
      const htmlKb = kb(Buffer.byteLength(sample.body));
      const contextKb = kb(remixContextBytes(sample.body));
      const goal = goals ? page.goal : null;
      const missed: string[] = [];
      if (m.non2xx > 0 || m.errors > 0) missed.push(`${m.non2xx} non-2xx, ${m.errors} errors`);
      if (goal) {
        if (m.requestsPerSecond < goal.minRequestsPerSecond) missed.push(`req/s < ${goal.minRequestsPerSecond}`);
        if (goal.maxCpuMs !== undefined && m.cpuMsPerRequest !== null && m.cpuMsPerRequest > goal.maxCpuMs)
          missed.push(`CPU > ${goal.maxCpuMs} ms`);
        if (goal.maxHtmlKb !== undefined && htmlKb > goal.maxHtmlKb) missed.push(`HTML > ${goal.maxHtmlKb} KB`);
        if (goal.maxContextKb !== undefined && contextKb > goal.maxContextKb) missed.push(`context > ${goal.maxContextKb} KB`);
      }
      const cpu = m.cpuMsPerRequest === null ? "n/a" : `${m.cpuMsPerRequest.toFixed(2)} ms`;
      const verdict =
        !goal && missed.length === 0
          ? ""
          : missed.length === 0
            ? `ok (≥ ${goal?.minRequestsPerSecond} req/s)`
            : `MISSED: ${missed.join(", ")}`;
      say(
        `${page.name.padEnd(20)} ${m.requestsPerSecond.toFixed(0).padStart(7)} ${`${m.p50Ms} ms`.padStart(6)} ${cpu.padStart(9)} ${`${htmlKb.toFixed(1)} KB`.padStart(9)} ${`${contextKb.toFixed(1)} KB`.padStart(8)}  ${verdict}`,
      );
      if (missed.length > 0) misses.push(`${page.name}: ${missed.join(", ")}`);
    }
    say("CPU/req is the server's own user+system time per request; 1000 / CPU/req is what one idle core would serve.");
    return misses;
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:render: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

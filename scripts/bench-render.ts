/**
 * `npm run bench:render`: the search page's server render against the same search as JSON
 * (issue 9 §6, "a lean server render"). Starts the production server (`npm start`'s command,
 * after `npm run build`) as a child on a free port, warms both URLs, then runs autocannon against
 * each in turn and prints requests/s and p50 for both and their ratio. The JSON side asks for the
 * page's own 21 hits (limit=21), so both answer exactly the same search and page.
 *   npm run bench:render [-- --path /search/used-cars --duration 10 --connections 16]
 * Target: the HTML page serves at least 25% of the JSON route's requests/s.
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

const targetRatio = 0.25;
const host = "harbourside.localhost";

const { values } = parseArgs({
  options: {
    path: { type: "string", default: "/search/new-used-and-demo-cars" },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "3" },
    connections: { type: "string", default: "16" },
  },
});
const searchPath = values.path;
const duration = Number(values.duration);
const warmup = Number(values.warmup);
const connections = Number(values.connections);

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

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
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
  const result = await autocannon({ url: `http://127.0.0.1:${port}${urlPath}`, headers: { host }, connections, duration: seconds });
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

async function main(): Promise<void> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "forecourt-bench-render-"));
  const server = await startServer(port, dataDir);
  const apiPath = directSearchHref(searchPath, hitsPerPage);
  try {
    const page = await get(port, searchPath);
    const api = await get(port, apiPath);
    if (page.status !== 200 || api.status !== 200) throw new Error(`expected 200s, got HTML ${page.status} and JSON ${api.status}`);
    say(`search: ${host}${searchPath}  vs  ${apiPath}`);
    say(
      `HTML ${(Buffer.byteLength(page.body) / 1024).toFixed(1)} KB, of which __remixContext ${(remixContextBytes(page.body) / 1024).toFixed(1)} KB; JSON ${(Buffer.byteLength(api.body) / 1024).toFixed(1)} KB`,
    );
    say(`${connections} connections, ${duration} s each after ${warmup} s warm-up, one server process`);

    await measure(server, port, searchPath, warmup);
    await measure(server, port, apiPath, warmup);
    const html = await measure(server, port, searchPath, duration);
    const json = await measure(server, port, apiPath, duration);

    const cpu = (m: Measured) => (m.cpuMsPerRequest === null ? "" : `   server CPU ${m.cpuMsPerRequest.toFixed(2)} ms/request`);
    const line = (name: string, m: Measured) =>
      say(
        `${name.padEnd(5)} ${m.requestsPerSecond.toFixed(0).padStart(6)} req/s   p50 ${String(m.p50Ms).padStart(4)} ms   non-2xx ${m.non2xx}   errors ${m.errors}${cpu(m)}`,
      );
    line("HTML", html);
    line("JSON", json);
    const ratio = html.requestsPerSecond / Math.max(json.requestsPerSecond, 1);
    say(
      `HTML/JSON ${(ratio * 100).toFixed(1)}% of requests/s (target ≥ ${targetRatio * 100}%): ${ratio >= targetRatio ? "ok" : "BELOW TARGET"}`,
    );
    // Throughput swings with whatever else the machine runs; CPU per request does not.
    if (html.cpuMsPerRequest !== null && json.cpuMsPerRequest !== null && html.cpuMsPerRequest > 0) {
      say(
        `by server CPU per request: HTML costs ${(html.cpuMsPerRequest / json.cpuMsPerRequest).toFixed(1)}× JSON (${((json.cpuMsPerRequest / html.cpuMsPerRequest) * 100).toFixed(1)}%)`,
      );
    }
    if (html.non2xx > 0 || json.non2xx > 0 || ratio < targetRatio) process.exitCode = 1;
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

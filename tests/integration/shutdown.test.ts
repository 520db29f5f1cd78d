import { Agent, request as httpRequest } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareServerStore, startBuiltServer, stopBuiltServer, type BuiltServer, type ServerStore } from "./support/built-server";
import { request } from "./support/http";

// On SIGTERM every request already sent gets a complete answer (before: 12 of 16 were
// reset), a request on a kept-alive connection is answered with `Connection: close`, and the
// process exits 0 — also when its stdout is a closed pipe.
let server: BuiltServer;
let store: ServerStore;
let port: number;

beforeAll(async () => {
  // This test reads the server's own log lines on stdout; the database is beside the point (SQLite).
  store = await prepareServerStore("shutdown", { LOG_LEVEL: "info" }, { sqliteOnly: true });
  server = await startBuiltServer(store.env, { stdio: ["ignore", "pipe", "ignore"] });
  port = server.port;
  // Warm the search index, so the requests below are about shutdown, not a cold start.
  expect((await request(port, "harbourside.localhost", "/search/used-cars")).status).toBe(200);
}, 60_000);

afterAll(async () => {
  stopBuiltServer(server);
  await store.cleanup();
});

/** A GET whose request line and headers are sent now and whose end comes after `delayMs`. */
function slowGet(pathname: string, delayMs: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(`GET ${pathname} HTTP/1.1\r\nHost: harbourside.localhost\r\nConnection: close\r\n`);
      setTimeout(() => socket.write("\r\n"), delayMs);
    });
    let raw = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (raw += chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
      resolve({ status, body: raw.slice(raw.indexOf("\r\n\r\n") + 4) });
    });
  });
}

describe("SIGTERM", () => {
  it("answers every request in flight in full, closes kept-alive connections, and exits 0 with stdout closed", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = (pathname: string) =>
      new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
        const req = httpRequest({ host: "127.0.0.1", port, path: pathname, agent, headers: { host: "harbourside.localhost" } }, (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
        });
        req.on("error", reject);
        req.end();
      });
    // A kept-alive connection, open before the signal.
    expect((await get("/healthz")).status).toBe(200);

    const inFlight = Array.from({ length: 16 }, (_, i) => slowGet(`/search/used-cars?page=${(i % 3) + 1}`, 400));
    await new Promise((resolve) => setTimeout(resolve, 100));
    let output = "";
    server.process.stdout?.setEncoding("utf8");
    server.process.stdout?.on("data", (chunk: string) => (output += chunk));
    server.process.kill("SIGTERM");
    // Once the server has taken the signal: its log reader goes away, and a request comes on the
    // connection kept alive from before.
    while (!output.includes("shutting down")) await new Promise((resolve) => setTimeout(resolve, 10));
    server.process.stdout?.destroy();
    const keptAlive = get("/search/used-cars");

    const answers = await Promise.all(inFlight);
    expect(answers.map((answer) => answer.status)).toEqual(Array(16).fill(200));
    for (const answer of answers) expect(answer.body).toContain("</html>");
    const last = await keptAlive;
    expect(last.status).toBe(200);
    expect(last.connection).toBe("close");
    expect(await server.exited).toBe(0);
    agent.destroy();
  }, 30_000);
});

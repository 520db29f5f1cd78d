import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { createApp, type AppOptions } from "~/server/http/app";
import { guardServer } from "~/server/http/server-guards";
import { loadTenants } from "~/server/tenants/load";
import { TenantDirectory } from "~/server/tenants/resolve";
import { loadBuild } from "./support/http";
import { servicesFor } from "./support/services";
import { openTestDb, type TestDb } from "./support/test-db";

export type RawReply = { status: number; headers: Record<string, string[]>; body: string };

/** The app behind a real Node server with the edge's socket-level guards, as server/start.ts serves it. */
export async function serveEdge(options: AppOptions): Promise<{ port: number; close: () => Promise<void> }> {
  const server = http.createServer(createApp(options));
  guardServer(server, options.mode === "production");
  server.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The production edge over the demo dealers (harbourside for an unknown host, no proxy trusted) on a
 * test database, started before the file's tests and closed after them: `port` once they run.
 */
export function demoEdgeForFile(): { readonly port: number } {
  let testDb: TestDb | undefined;
  let edge: Awaited<ReturnType<typeof serveEdge>> | undefined;
  beforeAll(async () => {
    testDb = await openTestDb();
    const directory = new TenantDirectory(loadTenants(), { defaultTenant: "harbourside", trustProxy: false });
    const services = await servicesFor({ tenants: directory, db: testDb.handle });
    edge = await serveEdge({ build: await loadBuild(), services, mode: "production", trustProxy: false });
  });
  afterAll(async () => {
    await edge?.close();
    await testDb?.cleanup();
  });
  return {
    get port(): number {
      if (!edge) throw new Error("the edge starts in the file's beforeAll");
      return edge.port;
    },
  };
}

function parseReply(raw: Buffer): RawReply {
  const text = raw.toString("latin1");
  const headEnd = text.indexOf("\r\n\r\n");
  const head = headEnd === -1 ? text : text.slice(0, headEnd);
  const [statusLine = "", ...lines] = head.split("\r\n");
  const headers: Record<string, string[]> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim().toLowerCase();
    (headers[name] ??= []).push(line.slice(colon + 1).trim());
  }
  let body = headEnd === -1 ? Buffer.alloc(0) : raw.subarray(Buffer.byteLength(text.slice(0, headEnd + 4), "latin1"));
  if (headers["transfer-encoding"]?.[0] === "chunked") {
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const lineEnd = body.indexOf("\r\n", at);
      if (lineEnd === -1) break;
      const size = parseInt(body.subarray(at, lineEnd).toString("latin1"), 16);
      if (!size) break;
      parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
    body = Buffer.concat(parts);
  }
  return { status: Number(statusLine.split(" ")[1]), headers, body: body.toString("utf8") };
}

/**
 * One request written byte for byte (any Host, method, header or framing a client library would
 * refuse), read until the server closes. `body` may be a function writing it in pieces.
 */
export function rawRequest(
  port: number,
  head: { method?: string; target?: string; host?: string | null; headers?: Record<string, string> },
  body: string | Buffer | ((socket: net.Socket) => Promise<void>) = "",
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve(parseReply(Buffer.concat(chunks))));
    const lines = [`${head.method ?? "GET"} ${head.target ?? "/"} HTTP/1.1`];
    if (head.host !== null) lines.push(`Host: ${head.host ?? "harbourside.localhost"}`);
    const headers = { Connection: "close", ...head.headers };
    if (typeof body !== "function" && body.length > 0 && !("Transfer-Encoding" in headers)) {
      lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
    }
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    socket.write(`${lines.join("\r\n")}\r\n\r\n`);
    if (typeof body === "function") {
      body(socket).catch(() => socket.destroy());
    } else if (body.length > 0) socket.write(body);
  });
}

/** Writes `total` bytes of `unit` repeated, as chunked transfer encoding, stopping quietly if the server stops reading. */
export function chunkedBody(unit: string, total: number, chunkBytes = 16 * 1024) {
  return async (socket: net.Socket): Promise<void> => {
    const bytes = Buffer.from(unit.repeat(Math.ceil(total / Math.max(1, Buffer.byteLength(unit))))).subarray(0, total);
    for (let sent = 0; sent < bytes.length && !socket.destroyed; sent += chunkBytes) {
      const piece = bytes.subarray(sent, sent + chunkBytes);
      const ok = socket.write(Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")]));
      if (!ok) await new Promise((resolve) => socket.once("drain", resolve));
    }
    if (!socket.destroyed) socket.write("0\r\n\r\n");
  };
}

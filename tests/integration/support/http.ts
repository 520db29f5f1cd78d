import http from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import type express from "express";

export type HttpReply = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** A request with any Host header (fetch refuses to set it). */
export function request(
  port: number,
  host: string,
  urlPath: string,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<HttpReply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, path: urlPath, method: init.method ?? "GET", headers: { host, ...init.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
      },
    );
    req.on("error", reject);
    if (init.body) req.write(init.body);
    req.end();
  });
}

export async function listen(app: express.Express): Promise<{ port: number; close: () => Promise<void> }> {
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The production build made by `npm run build` (the test command builds first). */
export async function loadBuild(): Promise<ServerBuild> {
  return (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
}

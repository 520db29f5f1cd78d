import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type pg from "pg";
import { request } from "./http";
import { adminQuery } from "./pg-admin";

/**
 * Tests that run the production build (build/server.js) in its own process: a temp DATA_DIR and, when
 * DATABASE_URL is set, a fresh PostgreSQL schema reached through search_path, so runs never share rows.
 */
export type ServerStore = {
  /** The environment a server process starts with: the caller's variables over the test's own. */
  env: NodeJS.ProcessEnv;
  dataDir: string;
  /** The PostgreSQL URL scoped to this store's schema, or null on SQLite. */
  databaseUrl: string | null;
  /** A query on the PostgreSQL server itself (not scoped); only meaningful when databaseUrl is set. */
  admin: <T extends pg.QueryResultRow>(query: string, values?: unknown[]) => Promise<T[]>;
  cleanup: () => Promise<void>;
};

export type StoreOptions = {
  /** Only SQLite, even when the run is on PostgreSQL (a test about one process's own file). */
  sqliteOnly?: boolean;
  /** This PostgreSQL server whatever the run uses (a test about the pg driver itself). */
  databaseUrl?: string;
};

export async function prepareServerStore(label: string, vars: Record<string, string>, options: StoreOptions = {}): Promise<ServerStore> {
  const baseUrl = options.sqliteOnly ? undefined : (options.databaseUrl ?? process.env.DATABASE_URL);
  const dataDir = mkdtempSync(path.join(tmpdir(), `forecourt-${label}-`));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    LEAD_DELIVERY: "off",
    SESSION_SECRET: `${label}-secret-0123456789abcdef`,
    ...vars,
  };
  delete env.DATABASE_URL;
  let schema: string | null = null;
  let databaseUrl: string | null = null;
  if (baseUrl) {
    schema = `${label.replace(/[^a-z0-9]/g, "_")}_${Date.now().toString(36)}`;
    await adminQuery(baseUrl, `create schema ${schema}`);
    const scoped = new URL(baseUrl);
    scoped.searchParams.set("options", `-c search_path=${schema}`);
    databaseUrl = scoped.toString();
    env.DATABASE_URL = databaseUrl;
  }
  return {
    env,
    dataDir,
    databaseUrl,
    admin: (query, values) => (baseUrl ? adminQuery(baseUrl, query, values) : Promise.reject(new Error("not on PostgreSQL"))),
    cleanup: async () => {
      if (baseUrl && schema) await adminQuery(baseUrl, `drop schema ${schema} cascade`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A port below Linux's ephemeral range (32768–60999): a port there may be the local end of one of
 * the run's own outgoing connections (PostgreSQL pools, HTTP clients), and listening on it then
 * fails with EADDRINUSE — a server that exited at start now and then, more often on PostgreSQL.
 */
export function randomPort(): number {
  return 20_000 + Math.floor(Math.random() * 12_000);
}

export type BuiltServer = { process: ChildProcess; port: number; exited: Promise<number | null> };

export type StartOptions = {
  port?: number;
  /** Variables for this process only (a second instance's own settings). */
  extra?: Record<string, string>;
  stdio?: StdioOptions;
  /** Beyond a 200 from /healthz (e.g. both cluster workers forked). */
  ready?: (server: BuiltServer) => boolean;
  timeoutMs?: number;
  /** Called at once with the new process (to read its output while it starts). */
  onSpawn?: (child: ChildProcess) => void;
};

/** Starts build/server.js and waits until /healthz answers 200 (and `ready`, when given). */
export async function startBuiltServer(env: NodeJS.ProcessEnv, options: StartOptions = {}): Promise<BuiltServer> {
  const port = options.port ?? randomPort();
  const child = spawn(process.execPath, ["build/server.js"], {
    env: { ...env, ...options.extra, PORT: String(port) },
    stdio: options.stdio ?? "ignore",
  });
  options.onSpawn?.(child);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const server: BuiltServer = { process: child, port, exited };
  // Its error output, when piped, says why a server stopped before it was healthy ("cannot start:
  // listen EADDRINUSE …"). Read from the start: Node discards a child's unread output when it exits.
  // (Tests read only stdout, so taking stderr here leaves them every line.)
  let errors = "";
  child.stderr?.on("data", (chunk: Buffer) => (errors = (errors + chunk.toString("utf8")).slice(-2_000)));
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before it was healthy${startErrors(errors)}`);
    const healthy = await request(port, "localhost", "/healthz").then(
      (reply) => reply.status === 200,
      () => false,
    );
    if (healthy && (options.ready?.(server) ?? true)) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  throw new Error("the server did not become healthy");
}

function startErrors(errors: string): string {
  return errors.trim() ? `; it wrote:\n${errors.trim()}` : "";
}

export function stopBuiltServer(server: BuiltServer | undefined): void {
  if (server && server.process.exitCode === null && server.process.signalCode === null) server.process.kill("SIGKILL");
}

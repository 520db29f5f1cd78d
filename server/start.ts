/**
 * Production and development entry: validates env and every tenant file before anything
 * listens, migrates the database, serves the Remix build, and shuts down cleanly on SIGTERM.
 * A configuration mistake prints one line naming the file and field, and exits 1.
 */
import "./node-env-default";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { broadcastDevReady } from "@remix-run/node";
import cluster from "node:cluster";
import type { ServerResponse } from "node:http";
import { Server as NetServer } from "node:net";
import { runPrimary, workerCount, workerNumber } from "./cluster";
import { checkDefaultTenant, readEnv, type Env } from "./lib/env";
import { logger } from "./lib/logger";
import { createApp } from "./http/app";
import { installRouteMatchCache } from "./http/route-match-cache";
import { installRouteTableCache } from "./http/route-table-cache";
import { guardServer } from "./http/server-guards";
import { checkDataDir } from "./db/data-dir";
import { closeServices, createServices, startBackgroundWork, type Services } from "./services";
import { loadTenants, type Tenant } from "./tenants/load";
import { demoFakesEnv, demoFakesHandler, pointTenantsAtFakes } from "./fakes/demo";
import { TenantDirectory } from "./tenants/resolve";

/**
 * A shutdown that has not finished by then exits 1: below the 10 s that `docker stop` and `podman stop`
 * wait before SIGKILL, so the process ends on its own terms and logs it (the cluster primary waits 9 s).
 */
const FORCED_EXIT_MS = 8_000;

/** How long kept-alive connections may still bring a request after SIGTERM (answered with Connection: close). */
const KEEP_ALIVE_DRAIN_MS = 1_000;

function failStart(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`forecourt: cannot start: ${message}\n`);
  process.exit(1);
}

/**
 * Besides the JSON log lines, one plain line a newcomer can act on. `port` is the one
 * visitors reach: PUBLISHED_PORT when set (a container publishes PORT under another number).
 */
function addressesLine(tenants: readonly Tenant[], port: number, defaultTenant: string): string {
  const sites = tenants.map((tenant) => `http://${tenant.slug}.localhost:${port}`).join("  ");
  return `Forecourt is running. Open ${sites}  (http://localhost:${port} shows ${defaultTenant})\n`;
}

type Config = { settings: Env; tenants: TenantDirectory };

/** Env and every tenant file, checked before anything listens (or any worker is started). */
function readConfig(): Config {
  let settings: Env;
  let tenants: TenantDirectory;
  try {
    settings = readEnv();
    const loaded = loadTenants(path.resolve(settings.TENANTS_DIR));
    checkDefaultTenant(
      settings.DEFAULT_TENANT,
      loaded.map((tenant) => tenant.slug),
    );
    tenants = new TenantDirectory(loaded, { defaultTenant: settings.DEFAULT_TENANT, trustProxy: settings.TRUST_PROXY !== false });
  } catch (error) {
    failStart(error);
  }
  return { settings, tenants };
}

/** DEMO_FAKES=1: the port the fakes are reached on, or null when off. */
function demoFakesPort(): number | null {
  if (process.env.DEMO_FAKES !== "1") return null;
  const port = Number(process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port <= 0) failStart("DEMO_FAKES=1 needs a fixed PORT (not 0)");
  // Set before the environment is read, so services see the fake Stripe keys like real ones.
  Object.assign(process.env, demoFakesEnv(port));
  return port;
}

async function main(): Promise<void> {
  const fakesPort = demoFakesPort();
  const { settings, tenants } = readConfig();
  if (fakesPort !== null) {
    pointTenantsAtFakes(tenants.tenants, fakesPort);
    logger.warn(
      `DEMO_FAKES=1: a FAKE dealer API, FAKE Stripe, Till and St George, a FAKE CRM, a FAKE captcha and a FAKE dealer dashboard answer under /__fakes/ (harbourside: slots, brand ranges, Stripe test deposits, a fake CRM for its webhook and ADF leads; southern-used: Till test deposits; outback-4x4: a fake captcha widget and siteverify; ridgeline-moto: the dashboard's site notice). Never set this in production.`,
    );
  }
  if (settings.sessionSecretIsEphemeral) {
    logger.warn("SESSION_SECRET is not set: using a random secret, so visitors' cookies reset on restart");
  }

  let services: Services;
  try {
    checkDataDir(settings.DATA_DIR);
    services = await createServices({ env: settings, tenants });
    logger.info({ db: services.db.kind, target: services.db.target }, "database ready");
  } catch (error) {
    failStart(error);
  }

  installRouteMatchCache();
  installRouteTableCache();
  const buildPath = path.resolve("build/index.js");
  let build: ServerBuild;
  try {
    build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  } catch {
    failStart(`${path.relative(process.cwd(), buildPath)}: not found or broken; run "npm run build" first`);
  }

  const app = createApp({
    build,
    services,
    mode: settings.NODE_ENV,
    trustProxy: settings.TRUST_PROXY,
    fakes: fakesPort === null ? undefined : demoFakesHandler(fakesPort, logger, tenants.tenants),
  });
  const server = app.listen(settings.PORT, settings.HOST, () => {
    logger.info({ port: settings.PORT, host: settings.HOST, tenants: tenants.tenants.map((t) => t.slug) }, "listening");
    const address = server.address();
    const port = settings.PUBLISHED_PORT ?? (typeof address === "object" && address ? address.port : settings.PORT);
    if (workerNumber() <= 1) process.stdout.write(addressesLine(tenants.tenants, port, settings.DEFAULT_TENANT));
    if (settings.NODE_ENV === "development") void broadcastDevReady(build);
  });
  guardServer(server, settings.NODE_ENV === "production");
  server.on("error", (error) => failStart(error));
  const background = startBackgroundWork(services);

  // On SIGTERM stop accepting, answer what was already sent (requests arriving on
  // kept-alive connections get `Connection: close`), then stop the background work and close the
  // database; a forced exit after FORCED_EXIT_MS, before docker/podman stop's own 10 s SIGKILL.
  let stopping = false;
  server.prependListener("request", (_req, res: ServerResponse) => {
    if (stopping) res.setHeader("Connection", "close");
  });
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      logger.error({ ms: FORCED_EXIT_MS }, "shutdown did not finish in time; exiting");
      process.exit(1);
    }, FORCED_EXIT_MS);
    force.unref();
    // net's close stops accepting and waits for open connections; http's own close would also drop
    // idle kept-alive connections at once, resetting a request a client is sending on one right now.
    NetServer.prototype.close.call(server, async () => {
      await background.stop();
      await closeServices(services);
      logger.info("stopped");
      process.exit(0);
    });
    // Connections still idle after the drain (no request came) are closed then.
    setTimeout(() => server.closeIdleConnections(), KEEP_ALIVE_DRAIN_MS).unref();
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
}

// A closed stdout (the log pipe's reader went away) must not crash the server or stop a shutdown.
process.stdout.on("error", () => undefined);

// A worker whose primary was killed (SIGKILL, out of memory) fails its next message to it with EPIPE
// before Node notices the disconnect: without a listener that was an uncaught error and a stack
// trace. There is nobody left to report to or be restarted by, so it stops quietly (Node's own
// disconnect handling would end it a moment later anyway).
cluster.worker?.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE" && error.code !== "ERR_IPC_CHANNEL_CLOSED") throw error;
  logger.warn({ worker: workerNumber() }, "the cluster primary is gone; this worker stops");
  process.exit(0);
});

const workers = workerCount(process.env.WEB_CONCURRENCY);
if (workers > 1 && cluster.isPrimary) {
  readConfig();
  runPrimary(workers, logger);
} else {
  void main();
}

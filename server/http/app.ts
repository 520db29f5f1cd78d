import { readdirSync, type Dirent } from "node:fs";
import path from "node:path";
import express, { type Request, type Response, type NextFunction } from "express";
import compression from "compression";
import type { ServerBuild } from "@remix-run/node";
import { newNonce, newRequestId, type RequestContext } from "~/server/context";
import { logger } from "~/server/lib/logger";
import { redactQuery } from "~/server/lib/redact-query";
import type { TrustProxy } from "~/server/lib/trust-proxy";
import { crossSiteGuard } from "~/server/security/cross-site";
import type { Tenant } from "~/server/tenants/load";
import type { Services } from "~/server/services";
import { bodyGate } from "./body-gate";
import { answerForPath, claimedRoutes, isMachinePath, type ClaimedRoute } from "./claimed-paths";
import { EDGE_MESSAGES, sendEdgeAnswer, sendMachineAnswer } from "./edge-answers";
import { handleExpressError } from "./express-errors";
import { healthStatus } from "./health";
import { metricsRoute } from "./metrics-route";
import { readiness } from "./ready";
import { routeKind } from "~/server/metrics/route-kind";
import { leadApiRoute } from "./lead-api";
import { formatHost, parseHostHeader } from "./host-header";
import { unknownHostHtml } from "./not-found-host";
import { cachedPages } from "./cached-pages";
import { createPageCache } from "./page-cache";
import { remixBridge } from "./remix-adapter";
import { newDeviceId } from "~/server/visitor/ids";
import { ALLOWED_METHODS, isAllowedMethod, isReadablePath } from "./request-line";
import { securityHeaders } from "./security-headers";
import { documentNonce } from "./cache-policy";
import { isPersonalRequest, personalCookieHeader } from "~/server/visitor/personal";

/** Remix's client asks for a route's data with `?_data=…`; such a GET gets JSON, not a document. */
function hasDataParam(url: string): boolean {
  const query = url.indexOf("?");
  return query !== -1 && new URLSearchParams(url.slice(query + 1)).has("_data");
}

export type AppOptions = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  services: Services;
  mode: "development" | "production" | "test";
  /** TRUST_PROXY: hops or proxy addresses (`true`, used by tests, means one hop). */
  trustProxy: boolean | TrustProxy;
  publicDir?: string;
  /** DEMO_FAKES=1 only (server/fakes/demo.ts): the fake dealer API and Stripe under /__fakes/…. */
  fakes?: (req: Request, res: Response, path: string) => void;
};

type Locals = { requestId: string; tenant?: Tenant; log: typeof logger; host?: string; body?: Uint8Array<ArrayBuffer> };

function locals(res: Response): Locals {
  return res.locals as Locals;
}

const clientIp = (req: Request) => req.ip ?? req.socket.remoteAddress ?? "unknown";

/** The URL paths of the files under public/ outside build/ (served by the /build handler). */
function listPublicFiles(publicDir: string): Set<string> {
  const files = new Set<string>();
  const walk = (dir: string, urlPath: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.isDirectory()) {
        if (!(urlPath === "" && entry.name === "build")) walk(path.join(dir, entry.name), `${urlPath}/${entry.name}`);
      } else files.add(`${urlPath}/${entry.name}`);
    }
  };
  walk(publicDir, "");
  return files;
}

/** The raw query string of a request target ("" when none). */
function queryOf(target: string): string {
  const mark = target.indexOf("?");
  return mark === -1 ? "" : target.slice(mark);
}

export function createApp(options: AppOptions): express.Express {
  const app = express();
  app.disable("x-powered-by");
  // Never "trust everything": with that, a client picks its own address in X-Forwarded-For.
  const trust = options.trustProxy === true ? 1 : options.trustProxy;
  if (trust !== false) app.set("trust proxy", trust);
  app.use(securityHeaders(options.mode === "production"));
  // Before compression: the fake Stripe's answers go to a client that reads them as plain JSON.
  const fakes = options.fakes;
  if (fakes) {
    app.use("/__fakes", (req: Request, res: Response) => fakes(req, res, req.url));
    // The Stripe client takes a host and port but not a path, so its /v1/* calls are the fake's too.
    app.use("/v1", (req: Request, res: Response) => fakes(req, res, `/stripe/v1${req.url}`));
  }
  app.use(compression());

  // Request id and one JSON log line per request.
  app.use((req: Request, res: Response, next: NextFunction) => {
    const requestId = newRequestId();
    const log = logger.child({ requestId });
    Object.assign(res.locals, { requestId, log } satisfies Locals);
    res.setHeader("X-Request-Id", requestId);
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      options.services.metrics.request(routeKind(req.method, req.path), res.statusCode, ms / 1000);
      log.info(
        {
          method: req.method,
          path: req.path,
          query: redactQuery(queryOf(req.originalUrl)),
          status: res.statusCode,
          ms: Math.round(ms * 10) / 10,
          tenant: locals(res).tenant?.slug,
        },
        "request",
      );
    });
    next();
  });

  app.use((req: Request, res: Response, next: NextFunction) => {
    if (!isAllowedMethod(req.method)) {
      return sendEdgeAnswer(res, req.path, 405, EDGE_MESSAGES.methodNotAllowed, { Allow: ALLOWED_METHODS.join(", ") });
    }
    if (!req.originalUrl.startsWith("/") || !isReadablePath(req.path)) return sendEdgeAnswer(res, req.path, 400, EDGE_MESSAGES.badPath);
    next();
  });

  app.get("/healthz", async (_req, res) => {
    const health = await healthStatus(options.services.db, options.services.stock);
    res.status(health.status).set("Cache-Control", "no-store").json(health.body);
  });
  app.get("/readyz", async (_req, res) => {
    const ready = await readiness(options.services);
    res.status(ready.status).set("Cache-Control", "no-store").json(ready.body);
  });
  app.get("/metrics", metricsRoute(options.services.env.METRICS_TOKEN, options.services.metrics));

  const publicDir = options.publicDir ?? path.resolve("public");
  app.use("/build", express.static(path.join(publicDir, "build"), { immutable: true, maxAge: "1y" }));
  // Only the files public/ holds at start: letting the static handler look for every page's path
  // on disk cost a failed stat per page view (4% of a content page's CPU in a profile).
  const servePublicFile = express.static(publicDir, { maxAge: "1h" });
  const publicFiles = listPublicFiles(publicDir);
  app.use((req: Request, res: Response, next: NextFunction) => (publicFiles.has(req.path) ? servePublicFile(req, res, next) : next()));

  app.use((req: Request, res: Response, next: NextFunction) => {
    const host = parseHostHeader(req.headers.host);
    if (!host) return sendEdgeAnswer(res, req.path, 400, EDGE_MESSAGES.badHost);
    // X-Forwarded-Host counts only behind a trusted proxy; otherwise it is never read.
    const forwardedHeader = trust !== false ? req.headers["x-forwarded-host"] : undefined;
    const forwarded = forwardedHeader === undefined ? null : parseHostHeader(String(forwardedHeader).split(",")[0]);
    if (forwardedHeader !== undefined && !forwarded) return sendEdgeAnswer(res, req.path, 400, EDGE_MESSAGES.badForwardedHost);
    const target = forwarded ?? host;
    const tenant = options.services.tenants.resolveHost(target.hostname);
    if (!tenant) {
      res.status(404).type("html").set("Cache-Control", "no-store").send(unknownHostHtml);
      return;
    }
    locals(res).tenant = tenant;
    locals(res).host = formatHost(target);
    locals(res).log = locals(res).log.child({ tenant: tenant.slug });
    next();
  });
  // Programs' paths no route claims answer 404/405 JSON here, before any page route could take them.
  // In development the build is a function that may return a new build after an edit.
  const claimedByBuild = new WeakMap<ServerBuild, ClaimedRoute[]>();
  const claimedFor = async (): Promise<ClaimedRoute[]> => {
    const build = typeof options.build === "function" ? await options.build() : options.build;
    let claimed = claimedByBuild.get(build);
    if (!claimed) claimedByBuild.set(build, (claimed = claimedRoutes(build)));
    return claimed;
  };
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (!isMachinePath(req.path)) return next();
    claimedFor().then((claimed) => {
      const answer = answerForPath(claimed, req.path, req.method);
      if (answer.status === 404) return sendMachineAnswer(res, 404);
      if (answer.status === 405) return sendMachineAnswer(res, 405, answer.allow);
      next();
    }, next);
  });
  app.use(crossSiteGuard());

  app.use(
    bodyGate({
      limiter: options.services.postLimiter,
      bodyBudget: options.services.bodyBudget,
      clientIp,
      onLimitUnavailable: (_req, res, error) => locals(res).log.warn({ err: error }, "post limit unavailable: post let through"),
    }),
  );

  const requestTarget = (req: Request, res: Response) => ({
    host: locals(res).host ?? "localhost",
    // behind a trusted proxy X-Forwarded-Proto is free text; only "https" means anything
    protocol: req.protocol === "https" ? "https" : "http",
    body: locals(res).body,
  });
  const getLoadContext = (req: Request, res: Response): RequestContext => {
    const { tenant, requestId, log, host } = locals(res);
    if (!tenant) throw new Error("tenant middleware did not run");
    const cacheable = (req.method === "GET" || req.method === "HEAD") && !isPersonalRequest(req.headers.cookie);
    const secret = options.services.env.sessionSecrets[0] ?? "";
    return {
      tenant,
      services: options.services,
      requestId,
      log,
      nonce: cacheable ? documentNonce(secret, host ?? "", req.originalUrl, Date.now()) : newNonce(),
      cacheable,
      clientIp: clientIp(req),
      newVisitorDeviceId: newDeviceId(),
      // Remix's client fetches a route's data with ?_data; any other GET or HEAD is answered with a document.
      document: (req.method === "GET" || req.method === "HEAD") && !hasDataParam(req.originalUrl),
      serverRender: {},
    };
  };
  app.post("/api/leads", leadApiRoute({ requestTarget, getLoadContext }));
  // Held pages of a site go the moment its new stock is swapped in (server/http/page-cache.ts).
  const pageCache = createPageCache(options.services.env.PAGE_CACHE_MB * 1024 * 1024);
  options.services.search.onStockReplaced((tenantSlug) => pageCache.dropTenant(tenantSlug));
  const pages = cachedPages({
    cache: pageCache,
    observe: options.services.metrics.pageCache,
    site: (res) => {
      const { tenant, host } = locals(res);
      return tenant && host ? { slug: tenant.slug, origin: `${requestTarget(res.req, res).protocol}://${host}` } : undefined;
    },
  });
  app.use(pages.serve);
  const personalCookie = personalCookieHeader(options.services.cookies.secure);
  app.all("*", remixBridge({ build: options.build, mode: options.mode, requestTarget, getLoadContext, personalCookie, keep: pages.keep }));
  app.use(handleExpressError);
  return app;
}

import path from "node:path";
import express, { type Request, type Response, type NextFunction } from "express";
import compression from "compression";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import { newNonce, newRequestId, type RequestContext } from "../context";
import { logger } from "../lib/logger";
import { crossSiteGuard } from "../security/cross-site";
import type { Tenant } from "../tenants/load";
import type { Services } from "../services";
import { healthStatus } from "./health";
import { unknownHostHtml } from "./not-found-host";

export type AppOptions = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  services: Services;
  mode: "development" | "production" | "test";
  trustProxy: boolean;
  publicDir?: string;
};

type Locals = { requestId: string; tenant?: Tenant; log: typeof logger };

function locals(res: Response): Locals {
  return res.locals as Locals;
}

export function createApp(options: AppOptions): express.Express {
  const app = express();
  app.disable("x-powered-by");
  if (options.trustProxy) app.set("trust proxy", true);
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
      log.info(
        { method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10, tenant: locals(res).tenant?.slug },
        "request",
      );
    });
    next();
  });

  app.get("/healthz", async (_req, res) => {
    const health = await healthStatus(options.services.db);
    res.status(health.status).set("Cache-Control", "no-store").json(health.body);
  });

  const publicDir = options.publicDir ?? path.resolve("public");
  app.use("/build", express.static(path.join(publicDir, "build"), { immutable: true, maxAge: "1y" }));
  app.use(express.static(publicDir, { maxAge: "1h" }));

  app.use((req: Request, res: Response, next: NextFunction) => {
    const headers = new Headers();
    if (req.headers.host) headers.set("host", req.headers.host);
    const forwarded = req.headers["x-forwarded-host"];
    if (typeof forwarded === "string") headers.set("x-forwarded-host", forwarded);
    const tenant = options.services.tenants.resolveRequest(headers);
    if (!tenant) {
      res.status(404).type("html").set("Cache-Control", "no-store").send(unknownHostHtml);
      return;
    }
    locals(res).tenant = tenant;
    locals(res).log = locals(res).log.child({ tenant: tenant.slug });
    next();
  });
  app.use(crossSiteGuard());

  app.all(
    "*",
    createRequestHandler({
      build: options.build,
      mode: options.mode,
      getLoadContext: (req, res): RequestContext => {
        const { tenant, requestId, log } = locals(res);
        if (!tenant) throw new Error("tenant middleware did not run");
        return {
          tenant,
          services: options.services,
          requestId,
          log,
          nonce: newNonce(),
          clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
        };
      },
    }),
  );
  return app;
}

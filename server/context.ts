import { randomBytes, randomUUID } from "node:crypto";
import type { Logger } from "./lib/logger";
import { logger } from "./lib/logger";
import type { Services } from "./services";
import type { Tenant } from "./tenants/load";

/**
 * What every loader and action receives: the tenant resolved once per request (unknown hosts never
 * get here) and the process's services, built once at start.
 */
export type RequestContext = {
  tenant: Tenant;
  services: Services;
  requestId: string;
  /** Per-request CSP nonce for every inline and external script. */
  nonce: string;
  log: Logger;
  clientIp: string;
};

declare module "@remix-run/node" {
  // Module augmentation: Remix's AppLoadContext becomes our RequestContext.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RequestContext {}
}

export function newRequestId(): string {
  return randomUUID();
}

export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/** Build a context outside the HTTP server: integration tests call loaders and actions with this. */
export function contextFor(tenant: Tenant, services: Services, clientIp = "127.0.0.1"): RequestContext {
  const requestId = newRequestId();
  return { tenant, services, requestId, nonce: newNonce(), log: logger.child({ requestId, tenant: tenant.slug }), clientIp };
}

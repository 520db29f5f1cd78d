import { randomBytes, randomUUID } from "node:crypto";
import type { Logger } from "./lib/logger";
import { logger } from "./lib/logger";
import type { Services } from "./services";
import type { Tenant } from "./tenants/load";
import { newDeviceId } from "./visitor/ids";
import type { CardView } from "./stock/card-view";
import type { PromoCardView } from "./content/promos";

/**
 * What a loader gives the server's render of its document and nothing else. The results page's cards
 * are drawn once as HTML that the browser keeps as it is (no hydration), so their data is not in the
 * page's JSON; a client navigation's fetch still gets them as data. A page's JSON-LD is in its HTML once.
 */
export type ServerRender = {
  searchResults?: { cards: readonly CardView[]; promos: readonly PromoCardView[] };
  /**
   * The page's schema.org block, already escaped (serializeJsonLd). Search engines read it in the
   * document; the page's JSON and a client navigation's data do not carry it.
   */
  jsonLd?: string;
};

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
  /**
   * The device id a visitor without our cookie gets on this request, minted once before
   * any loader runs: the root loader's Set-Cookie and the vehicle loader's split-test assignment run
   * in parallel and must agree, so the first page a visitor sees is already in the experiment.
   */
  newVisitorDeviceId: string;
  /**
   * A GET or HEAD without personal cookies (server/visitor/personal.ts): its document may be kept by a
   * shared cache when its route is public (server/http/cache-policy.ts), so it carries nothing of the
   * visitor's own and its nonce is the document's, not the request's.
   */
  cacheable: boolean;
  /**
   * The answer is an HTML document (not a client navigation's `?_data` fetch). Its loaders may then hand
   * part of their data to the server's render alone, in `serverRender`, instead of the page's
   * `__remixContext`.
   */
  document: boolean;
  /** Data only the server's render of this document reads (app/lib/server-render.tsx); never sent as JSON. */
  serverRender: ServerRender;
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
  return {
    tenant,
    services,
    requestId,
    nonce: newNonce(),
    log: logger.child({ requestId, tenant: tenant.slug }),
    clientIp,
    newVisitorDeviceId: newDeviceId(),
    cacheable: false,
    document: false,
    serverRender: {},
  };
}

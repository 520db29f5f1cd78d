import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { urlForLog } from "~/server/lib/redact-query";
import { NonceProvider } from "./lib/nonce";
import { ServerRenderProvider } from "./lib/server-render";
import type { ServerRender } from "~/server/context";
import { contentSecurityPolicy } from "./lib/security-headers";
import { mergeCspSources, stripeCspSources } from "~/server/payments/stripe-element";
import { tagCspSources } from "~/server/events/dealer-tags";
import { captchaCspSources } from "~/server/leads/captcha-widget";
import { firstVisitCookie } from "~/server/handlers/root/document-cookies";
import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL, isPublicDocument, matchesIfNoneMatch, strongEtag } from "~/server/http/cache-policy";

const ABORT_DELAY = 5_000;
const production = process.env.NODE_ENV === "production";

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  // Stripe.js hosts on a Stripe tenant's pages only.
  const stripe = stripeCspSources(loadContext.services.payments.stripeElementFor(loadContext.tenant));
  // The captcha provider's script and frames on a captcha tenant's pages only.
  const captcha = captchaCspSources(loadContext.services.captcha.widgetFor(loadContext.tenant));
  const extra = mergeCspSources(mergeCspSources(tagCspSources(loadContext.tenant.site), stripe), captcha);
  // The other security headers are the edge's, on every answer (server/http/security-headers.ts); a
  // document only replaces its CSP with the one that lets this page's nonce'd scripts run.
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, production, extra));
  const { matches } = remixContext.staticHandlerContext;
  const routeId = matches[matches.length - 1]?.route.id;
  // A loader that set its own Cache-Control (a form page's no-store) or a cookie keeps its page private.
  const shared =
    !responseHeaders.has("Set-Cookie") &&
    !responseHeaders.has("Cache-Control") &&
    isPublicDocument({ cacheable: loadContext.cacheable, status: responseStatusCode, routeId, site: loadContext.tenant.site });
  if (shared) return sharedDocument(request, responseStatusCode, responseHeaders, remixContext, nonce, loadContext.serverRender);
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  if (request.method === "GET" && responseStatusCode < 400) {
    const cookie = await firstVisitCookie(request, loadContext);
    if (cookie) responseHeaders.append("Set-Cookie", cookie);
  }
  // Bytes, as the shared path sends: a string body is first checked for lone surrogates by the Response
  // (undici's toUSVString, 2 % of a vehicle page's CPU) and then encoded; Buffer.from does both at once.
  const html = Buffer.from(renderDocument(request, remixContext, nonce, loadContext.serverRender));
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(html, { headers: responseHeaders, status: responseStatusCode });
}

/**
 * The page as one string. Every loader has finished before the render (no deferred data, no
 * Suspense), so streaming would send nothing sooner; React's string renderer skips the streaming
 * one's encoding into 2 KB chunks and its stream plumbing (a third of the search page's render CPU in
 * a profile). A component that throws reaches Remix, which renders the route's error boundary.
 */
function renderDocument(request: Request, remixContext: EntryContext, nonce: string, serverRender: ServerRender): string {
  return `<!DOCTYPE html>${renderToString(
    <NonceProvider value={nonce}>
      <ServerRenderProvider value={serverRender}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </ServerRenderProvider>
    </NonceProvider>,
  )}`;
}

/**
 * A document a shared cache may keep (server/http/cache-policy.ts): it gets a strong ETag of its
 * exact bytes and a 304 when the browser or cache already holds them.
 */
function sharedDocument(
  request: Request,
  status: number,
  headers: Headers,
  remixContext: EntryContext,
  nonce: string,
  serverRender: ServerRender,
): Response {
  const body = Buffer.from(renderDocument(request, remixContext, nonce, serverRender));
  const etag = strongEtag(body);
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("ETag", etag);
  headers.set("Cache-Control", PUBLIC_CACHE_CONTROL);
  if (matchesIfNoneMatch(request.headers.get("If-None-Match"), etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { status, headers });
}

export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
  if (request.signal.aborted) return;
  // A 4xx the router raised itself (no such route, no action) is a visitor's mistake: info, not error.
  if (isRouteErrorResponse(error) && error.status < 500) {
    context.log?.info({ status: error.status, url: request.url }, "route refused the request");
    return;
  }
  context.log?.error({ err: error, url: urlForLog(request.url) }, "unhandled route error");
}

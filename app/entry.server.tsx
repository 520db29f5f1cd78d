import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { stripNulBytes } from "~/server/http/strip-nul-bytes";
import { urlForLog } from "~/server/lib/redact-query";
import { NonceProvider } from "./lib/nonce";
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
  if (shared) return sharedDocument(request, responseStatusCode, responseHeaders, remixContext, loadContext);
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  if (request.method === "GET" && responseStatusCode < 400) {
    const cookie = await firstVisitCookie(request, loadContext);
    if (cookie) responseHeaders.append("Set-Cookie", cookie);
  }
  // Bots get the whole document at once; people get it streamed as soon as the shell is ready.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          const html = body.pipe(stripNulBytes());
          resolve(new Response(createReadableStreamFromReadable(html), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) loadContext.log?.error({ err: error }, "render error");
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

/**
 * A document a shared cache may keep (server/http/cache-policy.ts): rendered whole, so it gets a strong
 * ETag of its exact bytes and a 304 when the browser or cache already holds them.
 */
function sharedDocument(
  request: Request,
  status: number,
  headers: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> {
  const nonce = loadContext.nonce;
  return new Promise((resolve, reject) => {
    let failed = false;
    const chunks: Buffer[] = [];
    const html = stripNulBytes();
    html.on("data", (chunk: Buffer) => chunks.push(chunk));
    html.on("error", reject);
    html.on("end", () => {
      const body = Buffer.concat(chunks);
      headers.set("Content-Type", "text/html; charset=utf-8");
      // A page that failed to render is not kept anywhere.
      if (failed) {
        headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
        resolve(new Response(body, { status: 500, headers }));
        return;
      }
      const etag = strongEtag(body);
      headers.set("ETag", etag);
      headers.set("Cache-Control", PUBLIC_CACHE_CONTROL);
      if (matchesIfNoneMatch(request.headers.get("If-None-Match"), etag)) resolve(new Response(null, { status: 304, headers }));
      else resolve(new Response(body, { status, headers }));
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          pipe(html);
        },
        onShellError: reject,
        onError(error: unknown) {
          failed = true;
          loadContext.log?.error({ err: error }, "render error");
        },
      },
    );
    setTimeout(abort, ABORT_DELAY).unref();
  });
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

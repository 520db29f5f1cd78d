import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { stripNulBytes } from "~/server/http/strip-nul-bytes";
import { urlForLog } from "~/server/lib/redact-query";
import { NonceProvider } from "./lib/nonce";
import { securityHeaders } from "./lib/security-headers";
import { mergeCspSources, stripeCspSources } from "~/server/payments/stripe-element";
import { tagCspSources } from "~/server/events/dealer-tags";
import { recordDocumentEvents } from "~/server/handlers/events/page-view";

const ABORT_DELAY = 5_000;
const production = process.env.NODE_ENV === "production";

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  // Issue 16 §3: Stripe.js hosts on a Stripe tenant's pages only.
  const stripe = stripeCspSources(loadContext.services.payments.stripeElementFor(loadContext.tenant));
  const extra = mergeCspSources(tagCspSources(loadContext.tenant.site), stripe);
  for (const [name, value] of Object.entries(securityHeaders(nonce, production, extra))) responseHeaders.set(name, value);
  recordDocumentEvents(request, responseStatusCode, remixContext, loadContext);
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

export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
  if (request.signal.aborted) return;
  // A 4xx the router raised itself (no such route, no action) is a visitor's mistake: info, not error.
  if (isRouteErrorResponse(error) && error.status < 500) {
    context.log?.info({ status: error.status, url: request.url }, "route refused the request");
    return;
  }
  context.log?.error({ err: error, url: urlForLog(request.url) }, "unhandled route error");
}

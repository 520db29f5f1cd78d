import type { IncomingMessage, ServerResponse } from "node:http";
import helmet from "helmet";

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * Security headers on every answer, whoever writes it: helmet sets them before any route runs, so
 * static files, /healthz, JSON, the unknown-host page and the edge's own 4xx carry them. Documents
 * replace the CSP with the per-request nonce policy (app/lib/security-headers.ts); everything else
 * keeps this one, which allows nothing to run.
 */
export function securityHeaders(production: boolean): Middleware {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'self'"] },
    },
    // Vehicle photos and /_image may be shown by the dealer's other sites; same-site still stops other sites.
    crossOriginResourcePolicy: { policy: "same-site" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: { action: "deny" },
    // HSTS only where TLS is in front (production); on http://<slug>.localhost it would only confuse.
    strictTransportSecurity: production ? { maxAge: 63072000, includeSubDomains: true } : false,
  });
  return (req, res, next) => {
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    headers(req, res, next);
  };
}

/** The same headers as a list, for answers written straight to the socket (431, CONNECT). */
export function securityHeaderLines(production: boolean): string[] {
  const collected = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      collected.set(name, String(value));
    },
    removeHeader(name: string) {
      collected.delete(name);
    },
  };
  securityHeaders(production)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return [...collected].map(([name, value]) => `${name}: ${value}`);
}

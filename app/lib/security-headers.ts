/** The third-party hosts a tenant's own tags need (server/events/dealer-tags.ts `tagCspSources`); none by default. */
export type ExtraSources = { script: string[]; connect: string[]; img: string[]; frame: string[]; font: string[] };

const NONE: ExtraSources = { script: [], connect: [], img: [], frame: [], font: [] };

const joined = (base: string, extra: string[]) => (extra.length > 0 ? `${base} ${extra.join(" ")}` : base);

/**
 * Enforced CSP: scripts only with this request's nonce (plus Remix's own chunks, which carry it),
 * styles from self (Tailwind build) and inline style attributes for tenant colours. A
 * tenant's CSP lists exactly the hosts of its configured tags; another tenant's stays 'self'-only.
 * With 'strict-dynamic' the script hosts only matter to browsers without CSP 3; the nonce'd loader
 * is what lets the tags in.
 */
export function contentSecurityPolicy(nonce: string, production: boolean, extra: ExtraSources = NONE): string {
  const connect = production ? "connect-src 'self'" : "connect-src 'self' ws://localhost:* ws://127.0.0.1:*";
  const directives = [
    "default-src 'self'",
    joined(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`, extra.script),
    "style-src 'self' 'unsafe-inline'",
    joined("img-src 'self' data: blob:", extra.img),
    joined("font-src 'self'", extra.font),
    // remix dev's live reload socket only in development
    joined(connect, extra.connect),
    ...(extra.frame.length > 0 ? [joined("frame-src 'self'", extra.frame)] : []),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ];
  return directives.join("; ");
}

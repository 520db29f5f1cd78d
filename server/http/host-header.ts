/**
 * A Host (or X-Forwarded-Host) value we can build a URL from: a DNS name or IPv4 address, or an IPv6
 * literal in brackets, and an optional port 1–65535. Anything else is a client's mistake (400), not
 * a reason for `new URL` to throw deep inside the router.
 */
const HOST_PATTERN =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9_-]{0,61}[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i;

export type ParsedHost = { hostname: string; port: number | null };

export function parseHostHeader(value: string | undefined): ParsedHost | null {
  if (value === undefined || value.length > 300) return null;
  const match = HOST_PATTERN.exec(value.trim());
  if (!match) return null;
  const portText = match[1];
  const port = portText === undefined ? null : Number(portText);
  if (port !== null && (port < 1 || port > 65535)) return null;
  const hostname = portText === undefined ? value.trim() : value.trim().slice(0, -(portText.length + 1));
  return { hostname: hostname.toLowerCase().replace(/\.$/, ""), port };
}

/** `host[:port]` for the URL Remix sees. */
export function formatHost(host: ParsedHost): string {
  return host.port === null ? host.hostname : `${host.hostname}:${host.port}`;
}

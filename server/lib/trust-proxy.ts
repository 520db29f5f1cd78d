import { isIP } from "node:net";

/** How many proxy hops (or which proxy addresses) may set X-Forwarded-For; false: none. */
export type TrustProxy = false | number | string[];

const CIDR = /^(.+)\/(\d{1,3})$/;

function isAddressOrSubnet(value: string): boolean {
  const cidr = CIDR.exec(value);
  if (!cidr) return isIP(value) !== 0;
  const bits = Number(cidr[2]);
  const family = isIP(cidr[1]);
  return family !== 0 && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset, "", "0" or "false" → trust no proxy; a whole number → that many
 * hops in front of the server (1 = one load balancer); a comma list → exactly those proxy addresses
 * or subnets (also express's "loopback", "uniquelocal", "linklocal"). "true" is refused: trusting
 * every hop lets a client choose its own address by sending X-Forwarded-For.
 */
export function parseTrustProxy(value: string | undefined): { ok: true; value: TrustProxy } | { ok: false; message: string } {
  const text = (value ?? "").trim();
  if (text === "" || text === "0" || text === "false") return { ok: true, value: false };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 10 ? { ok: true, value: hops } : { ok: false, message: `expected at most 10 proxy hops, got ${text}` };
  }
  if (text === "true") {
    return {
      ok: false,
      message: 'trusting every proxy lets clients choose their address; give the hop count (e.g. "1") or the proxy addresses',
    };
  }
  const entries = text.split(",").map((entry) => entry.trim());
  const named = new Set(["loopback", "uniquelocal", "linklocal"]);
  const bad = entries.find((entry) => !named.has(entry) && !isAddressOrSubnet(entry));
  if (bad !== undefined) return { ok: false, message: `"${bad}" is not an IP address, a subnet or loopback/uniquelocal/linklocal` };
  return { ok: true, value: entries };
}

import type { Reply } from "./forms-harness";

type Send = (host: string, urlPath: string, init?: { headers?: Record<string, string> }) => Promise<Reply>;

/** A browser's user agent: the beacon records nothing for bots (isbot). */
export const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

/** The visit beacon a page names in its image (app/components/tracking/visit-beacon.tsx). */
export function beaconHref(html: string): string {
  const src = /<img src="(\/visit\.gif\?[^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error("the page has no visit beacon");
  return src.replaceAll("&amp;", "&");
}

/** Cookie header after a reply: the reply's Set-Cookie values replace or join the ones sent. */
export function withSetCookies(cookie: string, reply: Reply): string {
  const jar = new Map(
    cookie
      .split(";")
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => [part.split("=")[0]!, part] as const),
  );
  for (const line of [reply.headers["set-cookie"] ?? []].flat()) {
    const pair = line.split(";")[0]!.trim();
    jar.set(pair.split("=")[0]!, pair);
  }
  return [...jar.values()].join("; ");
}

/**
 * A page view as a browser with JavaScript off makes it: the page, then its beacon image with the
 * cookies held. Returns the page and the Cookie header afterwards (the beacon sets the visitor cookie).
 */
export async function viewPage(send: Send, host: string, path: string, cookie = ""): Promise<{ page: Reply; cookie: string }> {
  const headers: Record<string, string> = { "user-agent": BROWSER_UA, ...(cookie ? { cookie } : {}) };
  const page = await send(host, path, { headers });
  const afterPage = withSetCookies(cookie, page);
  const beacon = await send(host, beaconHref(page.body), { headers: { ...headers, ...(afterPage ? { cookie: afterPage } : {}) } });
  return { page, cookie: withSetCookies(afterPage, beacon) };
}

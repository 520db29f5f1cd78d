import { describe, expect, it } from "vitest";
import { createRequire } from "node:module";
import { PUBLIC_CACHE_CONTROL, documentNonce, isPublicDocument, matchesIfNoneMatch, strongEtag } from "~/server/http/cache-policy";
import { memoizedMatchRoutes } from "~/server/http/route-match-cache";
import { isPersonalRequest, personalCookieHeader, setsSiteCookie } from "~/server/visitor/personal";
import { visitBeaconHref } from "~/server/events/visit-beacon-href";

const noSplitTest = { experiments: [] };

describe("which documents a shared cache may keep", () => {
  it("keeps home, search, vehicle and content pages of a visitor without personal cookies", () => {
    for (const routeId of ["routes/_index", "routes/search.$", "routes/search._index", "routes/$base.$slug", "routes/$page"]) {
      expect(isPublicDocument({ cacheable: true, status: 200, routeId, site: noSplitTest })).toBe(true);
    }
  });

  it("keeps nothing personal, no form page, no error and no vehicle page under a split test", () => {
    expect(isPublicDocument({ cacheable: false, status: 200, routeId: "routes/_index", site: noSplitTest })).toBe(false);
    expect(isPublicDocument({ cacheable: true, status: 200, routeId: "routes/contact", site: noSplitTest })).toBe(false);
    expect(isPublicDocument({ cacheable: true, status: 404, routeId: "routes/$page", site: noSplitTest })).toBe(false);
    const splitTest = { experiments: [{ name: "vehicle-buttons" }] } as unknown as { experiments: [] };
    expect(isPublicDocument({ cacheable: true, status: 200, routeId: "routes/$base.$slug", site: splitTest })).toBe(false);
  });

  it("lets a shared cache serve a page at most 5 s after a change", () => {
    const maxAge = Number(/s-maxage=(\d+)/.exec(PUBLIC_CACHE_CONTROL)?.[1]);
    const stale = Number(/stale-while-revalidate=(\d+)/.exec(PUBLIC_CACHE_CONTROL)?.[1]);
    // With the 1 s stock poll (STOCK_POLL_MS default), a change shows within 5 s.
    expect(maxAge + stale + 1).toBeLessThanOrEqual(5);
    expect(PUBLIC_CACHE_CONTROL).toMatch(/^public, max-age=0/);
  });

  it("treats a garage session or the personal marker as personal, the browsing and consent cookies not", () => {
    expect(isPersonalRequest("fc_visitor=abc; fc_consent=x")).toBe(false);
    expect(isPersonalRequest(null)).toBe(false);
    expect(isPersonalRequest("fc_visitor=abc; fc_personal=1")).toBe(true);
    expect(isPersonalRequest("fc_garage=t")).toBe(true);
    expect(setsSiteCookie(["fc_visitor=a; Path=/"])).toBe(true);
    expect(setsSiteCookie(["fc_consent=a; Path=/"])).toBe(false);
    expect(personalCookieHeader(true)).toMatch(/^fc_personal=1; .*HttpOnly; Secure; SameSite=Lax$/);
  });
});

describe("validators and nonces of a kept page", () => {
  it("gives the same bytes the same strong ETag and answers If-None-Match lists", () => {
    const etag = strongEtag(Buffer.from("<html>a</html>"));
    expect(etag).toBe(strongEtag(Buffer.from("<html>a</html>")));
    expect(etag).not.toBe(strongEtag(Buffer.from("<html>b</html>")));
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(matchesIfNoneMatch(`"x", ${etag}`, etag)).toBe(true);
    expect(matchesIfNoneMatch(`W/${etag}`, etag)).toBe(true);
    expect(matchesIfNoneMatch('"other"', etag)).toBe(false);
    expect(matchesIfNoneMatch(null, etag)).toBe(false);
  });

  it("gives a URL one nonce per hour, another URL or secret another", () => {
    const now = Date.UTC(2026, 10, 27, 10, 5);
    const nonce = documentNonce("s1", "a.localhost", "/about-us", now);
    expect(documentNonce("s1", "a.localhost", "/about-us", now + 60_000)).toBe(nonce);
    expect(documentNonce("s1", "a.localhost", "/about-us?x=1", now)).not.toBe(nonce);
    expect(documentNonce("s2", "a.localhost", "/about-us", now)).not.toBe(nonce);
    expect(documentNonce("s1", "b.localhost", "/about-us", now)).not.toBe(nonce);
    expect(documentNonce("s1", "a.localhost", "/about-us", now + 60 * 60 * 1000)).not.toBe(nonce);
  });

  it("points the visit beacon at the page, its route and the car type", () => {
    expect(visitBeaconHref("/cars/x?utm_source=g", "routes/$base.$slug", "used")).toBe(
      "/visit.gif?u=%2Fcars%2Fx%3Futm_source%3Dg&r=routes%2F%24base.%24slug&c=used",
    );
  });
});

describe("route matching remembered per route table and path", () => {
  type Route = { id: string; path?: string; index?: boolean; children?: Route[] };
  const router = createRequire(import.meta.url)("@remix-run/router") as {
    matchRoutes: (routes: Route[], location: string) => Array<{ route: Route; params: Record<string, string> }> | null;
  };
  const table = (): Route[] => [
    {
      id: "root",
      path: "",
      children: [
        { id: "home", index: true },
        { id: "page", path: ":page" },
        { id: "car", path: ":base/:slug" },
      ],
    },
  ];

  it("answers like the router, with the caller's own route objects", () => {
    let calls = 0;
    const counted = (routes: Route[], location: string) => {
      calls += 1;
      return router.matchRoutes(routes, location);
    };
    const match = memoizedMatchRoutes(counted as never) as unknown as typeof router.matchRoutes;
    const first = table();
    const second = table();
    expect(match(first, "/cars/a-1")?.map((m) => [m.route.id, m.params])).toEqual(
      router.matchRoutes(table(), "/cars/a-1")?.map((m) => [m.route.id, m.params]),
    );
    const again = match(second, "/cars/a-1?x=1");
    expect(again?.[1]?.route).toBe(second[0]?.children?.[2]);
    expect(calls).toBe(1);
    expect(match(second, "/a/b/c")).toBeNull();
    expect(match(first, "/")?.map((m) => m.route.id)).toEqual(["root", "home"]);
  });
});

import { describe, expect, it } from "vitest";
import {
  readStoredSuffixes,
  redirectForStoredSuffix,
  rememberSearchSuffix,
  searchLinkHref,
  type StoredSuffixes,
} from "~/server/search/stored-suffix";
import { clearAll } from "~/server/search/transitions";
import { parseSearchUrl } from "~/server/search/url";
import { makeTenant } from "../fixtures/tenant";

const tenant = makeTenant();
const url = (path: string) => new URL(path, "https://harbourside.example");
/** 22 make paths, more than the 20 a visitor's cookie keeps. */
const makes =
  "toyota mazda kia ford honda nissan subaru hyundai audi bmw volvo tesla jeep ram mg ldv byd lexus mini fiat skoda cupra".split(" ");

describe("stored search query suffix (spec 000 §2)", () => {
  it("redirects an address without a query to the same address with the stored suffix", () => {
    const stored = rememberSearchSuffix(
      undefined,
      url("/search/used-cars?refinementList[make][0]=Mazda&refinementList[make][1]=Kia&sortBy=price:asc"),
      tenant,
    );
    expect(stored).toEqual([["/search/used-cars", "refinementList[make][0]=Mazda&refinementList[make][1]=Kia&sortBy=price:asc"]]);
    expect(redirectForStoredSuffix(url("/search/used-cars"), stored, tenant)).toBe(
      "/search/used-cars?refinementList[make][0]=Mazda&refinementList[make][1]=Kia&sortBy=price:asc",
    );
    expect(redirectForStoredSuffix(url("/search/used-cars/"), stored, tenant)).toBe(
      "/search/used-cars/?refinementList[make][0]=Mazda&refinementList[make][1]=Kia&sortBy=price:asc",
    );
  });

  it("does not redirect an address that has a query string, or another path", () => {
    const stored: StoredSuffixes = [["/search/used-cars", "refinementList[colour][0]=Red"]];
    expect(redirectForStoredSuffix(url("/search/used-cars?q="), stored, tenant)).toBeNull();
    expect(redirectForStoredSuffix(url("/search/used-cars?page=2"), stored, tenant)).toBeNull();
    expect(redirectForStoredSuffix(url("/search/new-cars"), stored, tenant)).toBeNull();
    expect(redirectForStoredSuffix(url("/search/unknown"), stored, tenant)).toBeNull();
    expect(redirectForStoredSuffix(url("/search/used-cars"), [], tenant)).toBeNull();
  });

  it("does not remember the page number", () => {
    expect(rememberSearchSuffix(undefined, url("/search/used-cars?page=3"), tenant)).toEqual([]);
    expect(rememberSearchSuffix(undefined, url("/search/used-cars?page=3&q=sr5"), tenant)).toEqual([["/search/used-cars", "q=sr5"]]);
  });

  it("forgets a path's suffix when its search has no query left", () => {
    const stored = rememberSearchSuffix(undefined, url("/search/used-cars?q=sr5"), tenant);
    expect(rememberSearchSuffix(stored, url("/search/used-cars?q="), tenant)).toEqual([]);
  });

  it("remembers under the path visited, even when the filters would move the canonical path", () => {
    const stored = rememberSearchSuffix(undefined, url("/search/used-cars?refinementList[make][0]=Toyota"), tenant);
    expect(stored).toEqual([["/search/used-cars", "refinementList[make][0]=Toyota"]]);
    expect(redirectForStoredSuffix(url("/search/used-cars"), stored, tenant)).toBe("/search/used-cars?refinementList[make][0]=Toyota");
    expect(redirectForStoredSuffix(url("/search/toyota"), stored, tenant)).toBeNull();
  });

  it("keeps at most 20 paths, most recent last", () => {
    let stored: StoredSuffixes = [];
    for (const make of makes) stored = rememberSearchSuffix(stored, url(`/search/${make}?q=x`), tenant);
    expect(stored).toHaveLength(20);
    expect(stored[0][0]).toBe("/search/kia");
    expect(stored[19]).toEqual(["/search/cupra", "q=x"]);
  });

  it("stays small enough for a cookie", () => {
    let stored: StoredSuffixes = [];
    for (let i = 0; i < 20; i += 1)
      stored = rememberSearchSuffix(stored, url(`/search/used-cars?q=${"y".repeat(190)}${i}&refinementList[colour][0]=c${i}`), tenant);
    for (const make of makes.slice(0, 13)) {
      stored = rememberSearchSuffix(stored, url(`/search/${make}?q=${"z".repeat(190)}`), tenant);
    }
    expect(JSON.stringify(stored).length).toBeLessThanOrEqual(2400);
    expect(stored.at(-1)?.[0]).toBe("/search/jeep");
  });

  it("drops malformed cookie values", () => {
    expect(readStoredSuffixes("garbage")).toEqual([]);
    expect(readStoredSuffixes({ "/search/used-cars": "q=a" })).toEqual([]);
    expect(
      readStoredSuffixes([
        ["/search/used-cars", "q=a"],
        ["/elsewhere", "q=b"],
        ["/search/new-cars", ""],
        [1, 2],
        ["/search/demo-cars", "x".repeat(1001)],
      ]),
    ).toEqual([["/search/used-cars", "q=a"]]);
  });

  it("ignores a stored suffix that no longer reads back to itself", () => {
    const stored: StoredSuffixes = [["/search/used-cars", "sortBy=views:desc"]];
    expect(redirectForStoredSuffix(url("/search/used-cars"), stored, tenant)).toBeNull();
    const hostile: StoredSuffixes = [["/search/used-cars", "refinementList[nonsense][0]=x"]];
    expect(redirectForStoredSuffix(url("/search/used-cars"), hostile, tenant)).toBeNull();
  });

  it("links within the page keep a query so clearing filters sticks", () => {
    const result = parseSearchUrl(url("/search/used-cars?refinementList[colour][0]=Red"), tenant);
    if (!result.ok) throw new Error("parse");
    expect(searchLinkHref(result.state, tenant)).toBe("/search/used-cars?refinementList[colour][0]=Red");
    const cleared = searchLinkHref(clearAll(result.state), tenant);
    expect(cleared).toBe("/search/new-used-and-demo-cars?q=");
    const stored = rememberSearchSuffix(undefined, url("/search/new-used-and-demo-cars?refinementList[colour][0]=Red"), tenant);
    expect(redirectForStoredSuffix(url(cleared), stored, tenant)).toBeNull();
    expect(rememberSearchSuffix(stored, url(cleared), tenant)).toEqual([]);
  });
});

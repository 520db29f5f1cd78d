import { describe, expect, it } from "vitest";
import { canonicalHref, encodeBrackets } from "~/server/seo/canonical";
import { dealerJsonLd, openingHoursSpecification } from "~/server/seo/dealer-json-ld";
import { NOINDEX_FOLLOW, refinementCount, searchRobots } from "~/server/seo/search-robots";
import { shareMeta, shareSite } from "~/server/seo/share-meta";
import { parseSearchUrl } from "~/server/search/url";
import { makeTenant, baseSiteInput } from "../fixtures/tenant";

const origin = "https://harbourside.example";
const tenant = makeTenant();

function state(pathAndQuery: string) {
  const parsed = parseSearchUrl(new URL(pathAndQuery, origin), tenant);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.state;
}

describe("canonicalHref", () => {
  it("drops the trailing slash and, off search pages, the whole query", () => {
    expect(canonicalHref(origin, "/", "?utm_source=x")).toBe(`${origin}/`);
    expect(canonicalHref(origin, "/offers/", "?gclid=1")).toBe(`${origin}/offers`);
    expect(canonicalHref(origin, "/cars/vehicle-1", "?phone=revealed")).toBe(`${origin}/cars/vehicle-1`);
  });

  it("keeps a search page's filters, text and page, but not its sort or tracking, with brackets encoded", () => {
    expect(canonicalHref(origin, "/search/used-cars/", "?refinementList[make][0]=Toyota&sortBy=price:asc&page=2&utm_source=x")).toBe(
      `${origin}/search/used-cars?refinementList%5Bmake%5D%5B0%5D=Toyota&page=2`,
    );
    expect(canonicalHref(origin, "/search/used-cars", "?page=1")).toBe(`${origin}/search/used-cars`);
  });

  it("encodes [ and ] (the HTML checker refuses them raw in a query)", () => {
    expect(encodeBrackets("/s?range[price]=1:2")).toBe("/s?range%5Bprice%5D=1:2");
  });
});

describe("searchRobots (noindex,follow past one refinement or with a text query)", () => {
  it("lets listing shortcuts and single refinements be indexed", () => {
    for (const path of [
      "/search/new-used-and-demo-cars",
      "/search/used-cars",
      "/search/new-and-demo-cars",
      "/search/toyota",
      "/search/toyota/corolla",
      "/search/7-seater-cars",
    ]) {
      expect(searchRobots(state(path), null), path).toBeNull();
    }
    expect(searchRobots(state("/search/new-used-and-demo-cars?range[price]=5000:20000"), null)).toBeNull();
    expect(searchRobots(state("/search/used-cars?page=3&sortBy=price:asc"), null)).toBeNull();
  });

  it("keeps two refinements or a text query out of the index", () => {
    expect(searchRobots(state("/search/used-cars?refinementList[body][0]=suv"), null)).toBe(NOINDEX_FOLLOW);
    expect(searchRobots(state("/search/toyota?range[price]=5000:20000"), null)).toBe(NOINDEX_FOLLOW);
    expect(searchRobots(state("/search/new-used-and-demo-cars?refinementList[colour][0]=White&refinementList[colour][1]=Red"), null)).toBe(
      NOINDEX_FOLLOW,
    );
    expect(searchRobots(state("/search/new-used-and-demo-cars?q=hilux"), null)).toBe(NOINDEX_FOLLOW);
  });

  it("does not count the site's default city refinement", () => {
    const withCity = state("/search/used-cars?refinementList[city][0]=Sydney");
    expect(refinementCount(withCity, "Sydney")).toBe(1);
    expect(refinementCount(withCity, null)).toBe(2);
  });
});

describe("dealerJsonLd", () => {
  const hours = [
    { weekday: 0, status: "Closed" as const, formated_hours: "Closed", open: null, close: null },
    { weekday: 1, status: "Open" as const, formated_hours: "8:30am-5:00pm", open: "08:30", close: "17:00" },
    { weekday: 6, status: "Open" as const, formated_hours: "9:00am-12:00pm", open: "09:00", close: "12:00" },
  ];
  const base = baseSiteInput();
  const location = base.locations[0]!;
  const site = makeTenant({
    social: { facebook: "https://www.facebook.com/harbourside" },
    locations: [
      { ...location, contact_detail: { ...location.contact_detail, opening_hours: hours } },
      {
        ...location,
        id: 12,
        primary: false,
        location_type: "service",
        name: "Harbourside Service",
        slug: "svc",
        contact_detail: { phone: "02 9000 1111", social: {}, opening_hours: [] },
        address: { ...location.address, street: "2 Side St" },
      },
      { ...location, id: 13, primary: false, name: "Duplicate of sales", slug: "dup" },
    ],
  }).site;

  it("is an AutoDealer with name, address, phones, opening hours and geo", () => {
    expect(dealerJsonLd(site)).toMatchObject({
      "@context": "https://schema.org",
      "@type": "AutoDealer",
      name: "Harbourside Motors",
      url: `${origin}/`,
      telephone: "02 9000 0000",
      address: {
        "@type": "PostalAddress",
        streetAddress: "1 Main St",
        addressLocality: "Newcastle",
        addressRegion: "NSW",
        postalCode: "2300",
        addressCountry: "AU",
      },
      geo: { "@type": "GeoCoordinates", latitude: -32.93, longitude: 151.78 },
      openingHoursSpecification: [
        { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Monday", opens: "08:30", closes: "17:00" },
        { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Saturday", opens: "09:00", closes: "12:00" },
      ],
      sameAs: ["https://www.facebook.com/harbourside"],
    });
  });

  it("lists the other places once each as departments", () => {
    const departments = dealerJsonLd(site).department as Array<{ name: string; telephone: string }>;
    expect(departments.map((d) => d.name)).toEqual(["Harbourside Service"]);
    expect(departments[0]!.telephone).toBe("02 9000 1111");
  });

  it("leaves closed days and malformed times out of the hours", () => {
    expect(openingHoursSpecification([{ weekday: 2, status: "Open", formated_hours: "", open: "9am", close: "5pm" }])).toEqual([]);
  });
});

describe("shareMeta", () => {
  it("names a 1200×630 image cropped by /_image, with its size, on the page's canonical URL", () => {
    const meta = shareMeta(shareSite(tenant.site), { title: "Offers | Harbourside", description: "Deals", pathname: "/offers/" });
    const byKey = Object.fromEntries(meta.map((tag) => [tag.property ?? tag.name, tag.content]));
    expect(byKey["og:url"]).toBe(`${origin}/offers`);
    expect(byKey["og:image"]).toBe(`${origin}/_image?url=%2Flogo.png&w=1200&q=80&h=630&fit=contain`);
    expect(byKey["og:image:width"]).toBe("1200");
    expect(byKey["og:image:height"]).toBe("630");
    expect(byKey["twitter:card"]).toBe("summary_large_image");
    expect(byKey["og:title"]).toBe("Offers | Harbourside");
  });
});

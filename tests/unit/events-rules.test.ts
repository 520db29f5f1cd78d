import { describe, expect, it } from "vitest";
import { reportableError } from "~/server/events/client-errors";
import { contentSecurityPolicy } from "~/app/lib/security-headers";
import { allowedTags, insightsAllowed, needsConsentBanner, TAG_SCRIPTS, tagCspSources } from "~/server/events/dealer-tags";
import { callHref, callTarget, directionsHref, directionsTarget, safeFromPath, tenantPhones } from "~/server/events/go-links";
import { pageEvents } from "~/server/events/page-events";
import { vehicleTracking } from "~/server/events/tracking-product";
import { siteSchema } from "~/server/tenants/schema";
import { loadTenants } from "~/server/tenants/load";

const tenants = loadTenants();
const site = (slug: string) => tenants.find((t) => t.slug === slug)!.site;
const page = (routeId: string, path: string, vehicleCarType?: string) =>
  pageEvents({ routeId, url: new URL(`https://x.example${path}`), vehicleCarType });

describe("page kinds (spec 001 §9 page views)", () => {
  it("maps routes to their page-view ids", () => {
    expect(page("routes/_index", "/")).toEqual([{ eventId: 1 }]);
    expect(page("routes/search._index", "/search")).toEqual([{ eventId: 2 }]);
    expect(page("routes/service", "/service")).toEqual([{ eventId: 7 }]);
    expect(page("routes/contact", "/contact")).toEqual([{ eventId: 20 }]);
    expect(page("routes/$page", "/about-us")).toEqual([{ eventId: 21 }]);
    expect(page("routes/$page", "/special-offers")).toEqual([{ eventId: 5 }]);
    expect(page("routes/$page", "/privacy-policy")).toEqual([{ eventId: 47 }]);
  });

  it("tells new, used and demo vehicle pages apart", () => {
    expect(page("routes/$base.$slug", "/cars/a", "new")).toEqual([{ eventId: 3 }]);
    expect(page("routes/$base.$slug", "/cars/a", "used")).toEqual([{ eventId: 4 }]);
    expect(page("routes/$base.$slug", "/cars/a", "demo")).toEqual([{ eventId: 45 }]);
    expect(page("routes/$base.$slug", "/cars/a")).toEqual([]);
  });

  it("a split test's exposure rides on the vehicle page view itself: one event per view", () => {
    const exposure = { experiment: "vehicle-buttons", variant: "control" };
    const url = new URL("https://x.example/cars/a");
    expect(pageEvents({ routeId: "routes/$base.$slug", url, vehicleCarType: "used", vehicleExposure: exposure })).toEqual([
      { eventId: 4, properties: exposure },
    ]);
    expect(pageEvents({ routeId: "routes/contact", url, vehicleExposure: exposure })).toEqual([{ eventId: 20 }]);
  });

  it("adds a search (29) with its search string only when one was typed", () => {
    expect(page("routes/search.$", "/search/toyota?q=%20hilux%20sr5%20")).toEqual([
      { eventId: 2 },
      { eventId: 29, properties: { search_string: "hilux sr5" } },
    ]);
    expect(page("routes/search._index", "/search?q=")).toEqual([{ eventId: 2 }]);
  });

  it("counts no page view for API calls, images and tracking redirects", () => {
    for (const route of ["routes/api.events", "routes/[_image]", "routes/go.call", "routes/mock.leads"])
      expect(page(route, "/x")).toEqual([]);
  });
});

describe("/go/* targets (no open redirect)", () => {
  const harbour = site("harbourside");

  it("builds the links with the page they were clicked on", () => {
    expect(callHref("(02) 5550 1500", "/contact?x=1")).toBe("/go/call?to=0255501500&from=%2Fcontact%3Fx%3D1");
    expect(callHref("+61 2 5550 1500", "/", 42)).toBe("/go/call?to=%2B61255501500&from=%2F&car=42");
    expect(callHref("call us", "/")).toBeNull();
    expect(directionsHref("harbourside-toyota-sales")).toBe("/go/directions?location=harbourside-toyota-sales");
  });

  it("dials only the tenant's own numbers, in the tenant's own form", () => {
    const phones = tenantPhones(harbour);
    expect(phones).toContain(harbour.phone);
    const dialled = harbour.phone.replace(/[^\d+]/g, "");
    expect(callTarget(dialled, phones)).toBe(`tel:${dialled}`);
    expect(callTarget(`+61${dialled.slice(1)}`, phones)).toBe(`tel:${dialled}`);
    expect(callTarget("0299999999", phones)).toBeNull();
    expect(callTarget("javascript:alert(1)", phones)).toBeNull();
    expect(callTarget("", phones)).toBeNull();
  });

  it("sends directions only to the tenant's own locations' maps", () => {
    const location = harbour.locations[0]!;
    expect(directionsTarget(harbour, location.slug)).toBe(new URL(location.address.map_url).toString());
    expect(directionsTarget(harbour, "kiwi-motors-service")).toBeNull();
    expect(directionsTarget(harbour, "https://evil.example")).toBeNull();
  });

  it("records a same-site path only", () => {
    expect(safeFromPath("/cars/x?y=1")).toBe("/cars/x?y=1");
    for (const bad of ["https://evil.example/", "//evil.example", "/\\evil", "", null]) expect(safeFromPath(bad)).toBe("/");
  });
});

describe("the dealer's tags", () => {
  it("lists exactly the configured tags' hosts, and none for a tenant without tags", () => {
    const coastal = tagCspSources(site("coastal-campers"));
    expect(coastal.script).toEqual(["https://www.googletagmanager.com", "https://connect.facebook.net", "https://static.zdassets.com"]);
    expect(tagCspSources(site("kiwi-motors"))).toEqual({ script: [], connect: [], img: [], frame: [], font: [] });
    expect(contentSecurityPolicy("n", true)).not.toContain("https://");
    expect(contentSecurityPolicy("n", true, coastal)).toContain(
      "script-src 'self' 'nonce-n' 'strict-dynamic' https://www.googletagmanager.com",
    );
  });

  it("every kind of third-party script the page can load (spec 001 §7) is allowed by that tenant's CSP, and only marketing waits for consent", () => {
    const base = site("kiwi-motors");
    const none = {
      gtm_id: null,
      google_analytics_id: null,
      facebook_pixel: null,
      zendesk_key: null,
      livechat_agent_group: null,
      podium_api_token: null,
      impel_chatbot_key: null,
    };
    const withTag = (fields: Partial<typeof base>) => ({
      ...base,
      ...none,
      ...fields,
      analytics: { ...base.analytics, consent_required: true, ...(fields.analytics ?? {}) },
    });
    const callTracking = "https://calls.tracking.example/number-swap.js";
    const kinds = [
      { kind: "tag manager", site: withTag({ gtm_id: "GTM-AUDIT1" }), script: TAG_SCRIPTS.gtm("GTM-AUDIT1"), marketing: true },
      { kind: "analytics", site: withTag({ google_analytics_id: "G-AUDIT1" }), script: TAG_SCRIPTS.ga4("G-AUDIT1"), marketing: true },
      { kind: "pixel", site: withTag({ facebook_pixel: "1234567890" }), script: TAG_SCRIPTS.facebook, marketing: true },
      {
        kind: "call tracking",
        site: withTag({ analytics: { ...base.analytics, consent_required: true, call_tracking_script: callTracking } }),
        script: callTracking,
        marketing: true,
      },
      {
        kind: "support desk (Zendesk)",
        site: withTag({ zendesk_key: "audit-key" }),
        script: TAG_SCRIPTS.zendesk("audit-key"),
        marketing: false,
      },
      { kind: "live chat (LiveChat)", site: withTag({ livechat_agent_group: "12345/2" }), script: TAG_SCRIPTS.livechat, marketing: false },
      { kind: "messaging (Podium)", site: withTag({ podium_api_token: "audit-token" }), script: TAG_SCRIPTS.podium, marketing: false },
      {
        kind: "chat bot (Impel)",
        site: withTag({ impel_chatbot_key: "audit-bot", flags: { ...base.flags, impel: true } }),
        script: TAG_SCRIPTS.impel,
        marketing: false,
      },
    ];
    for (const { kind, site: tagged, script, marketing } of kinds) {
      expect(tagCspSources(tagged).script, kind).toContain(new URL(script).origin);
      const beforeChoice = allowedTags(tagged, null);
      const loadsBeforeChoice = Boolean(
        beforeChoice.gtmId ||
        beforeChoice.ga4Id ||
        beforeChoice.facebookPixel ||
        beforeChoice.callTrackingScript ||
        beforeChoice.chat ||
        beforeChoice.impelKey,
      );
      expect(loadsBeforeChoice, kind).toBe(!marketing);
      expect(needsConsentBanner(tagged, null), kind).toBe(marketing);
    }
  });

  it("sends search insights where the site logs events, and where it asks for consent only once accepted", () => {
    expect(insightsAllowed(site("harbourside"), null)).toBe(true);
    expect(insightsAllowed(site("coastal-campers"), null)).toBe(false);
    expect(insightsAllowed(site("coastal-campers"), "rejected")).toBe(false);
    expect(insightsAllowed(site("coastal-campers"), "accepted")).toBe(true);
    expect(insightsAllowed(site("kiwi-motors"), "accepted")).toBe(false);
  });

  it("gates marketing tags behind consent where asked; chat is never gated", () => {
    const coastal = site("coastal-campers");
    expect(needsConsentBanner(coastal, null)).toBe(true);
    expect(needsConsentBanner(coastal, "rejected")).toBe(false);
    const rejected = allowedTags(coastal, "rejected");
    expect([rejected.gtmId, rejected.ga4Id, rejected.facebookPixel]).toEqual([null, null, null]);
    expect(rejected.chat).toEqual({ kind: "zendesk", key: "coastal-campers-zendesk" });
    expect(allowedTags(coastal, "accepted").gtmId).toBe("GTM-CCC0101");
    expect(allowedTags(site("harbourside"), null).gtmId).toBe("GTM-HBS0101");
    expect(needsConsentBanner(site("harbourside"), null)).toBe(false);
  });

  it("reads livechat_agent_group as '{license}' or '{license}/{group}' and refuses ids with markup", () => {
    const base = siteSchema.parse({ ...site("kiwi-motors"), livechat_agent_group: "1234567/3", gtm_id: 'GTM-1"><script>' });
    expect(allowedTags(base, null).chat).toEqual({ kind: "livechat", license: "1234567", group: "3" });
    expect(allowedTags(base, null).gtmId).toBeNull();
  });
});

describe("tracking product payload (spec 001 §3)", () => {
  it("has the spec's fields, currency of the site, content_type product", () => {
    const vehicle = { stocknum: "S123", price: 25990, car_type: "used", make: "Toyota", model: "Corolla" };
    expect(vehicleTracking(vehicle, { currency: "AUD" }, "2021 Toyota Corolla Ascent")).toEqual({
      carType: "used",
      product: {
        content_ids: ["S123"],
        contents: [{ id: "S123", quantity: 1 }],
        currency: "AUD",
        value: 25990,
        content_type: "product",
        content_name: "2021 Toyota Corolla Ascent",
        search_string: "Toyota Corolla",
      },
    });
  });
});

describe("client error reporting (spec 001 §8)", () => {
  it("ignores 'Minified React error' and 'Hydration' messages", () => {
    expect(reportableError("Minified React error #418; visit https://reactjs.org")).toBe(false);
    expect(reportableError("Hydration failed because the initial UI does not match")).toBe(false);
    expect(reportableError("x is not a function")).toBe(true);
    expect(reportableError("")).toBe(false);
  });
});

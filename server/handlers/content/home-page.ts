import type { AppLoadContext } from "@remix-run/node";
import type { Locale } from "~/server/lib/format";
import { homeWords, type HomeWords } from "~/server/content/home-words";
import { orderedLocations } from "~/server/content/locations";
import { promoShuffleSeed, shownPromos, type PromoCardView } from "~/server/content/promos";
import { aggregateRating, reviewsView, type ReviewsView } from "~/server/content/reviews";
import { todaysHoursText, weekdayIn } from "~/server/content/todays-hours";
import { siteTimeZone } from "~/server/tenants/time-zone";
import { directionsHref } from "~/server/events/go-links";
import { landingData } from "~/server/search/landing";
import { dealerJsonLd } from "~/server/seo/dealer-json-ld";
import { shareSite, type ShareSite } from "~/server/seo/share-meta";
import { serializeJsonLd } from "~/server/vehicle-page/json-ld";
import { runSearch } from "~/server/search/run-search";
import type { Tile } from "~/server/search/tiles";
import { cardView, type CardView } from "~/server/stock/card-view";
import { defaultSearchPath } from "~/server/tenants/default-search-path";
import type { HomeFile } from "~/server/tenants/home-files";

// A row of featured stock on the home page.
const FEATURED_COUNT = 4;

export type HomeLocation = {
  id: number;
  name: string;
  address: string;
  phone: string;
  mapUrl: string;
  today: string | null;
};

export type HomeView = {
  name: string;
  locale: Locale;
  city: string;
  state: string;
  template: string;
  searchPath: string;
  words: HomeWords;
  sliderHeight: number;
  slides: HomeFile["slides"];
  landing: HomeFile["landing"];
  categories: HomeFile["categories"];
  featured: CardView[];
  makes: Tile[];
  bodies: Tile[];
  promos: PromoCardView[];
  reviews: ReviewsView | null;
  locations: HomeLocation[];
  share: ShareSite;
};

async function featuredStock(context: AppLoadContext, searchPath: string, now: number): Promise<CardView[]> {
  const { tenant, log } = context;
  const url = new URL(`${searchPath}?sortBy=created_at_timestamp:desc`, "http://internal");
  const outcome = await runSearch(url, tenant, context.services.search.backendFor(tenant), log, now, FEATURED_COUNT);
  return outcome.kind === "ok" ? outcome.page.hits.map((vehicle) => cardView(vehicle, tenant.site, now, searchPath)) : [];
}

/** Everything the home page shows (its JSON-LD to the document's render); search being down leaves out only the stock parts. */
export async function homePage(context: AppLoadContext, now = Date.now()): Promise<HomeView> {
  const { tenant } = context;
  const { site } = tenant;
  const files = tenant.home;
  const searchPath = defaultSearchPath(site);
  const [landing, featured] = await Promise.all([
    landingData(tenant, context.services.search.backendFor(tenant), context.log),
    featuredStock(context, searchPath, now),
  ]);
  const weekday = weekdayIn(now, siteTimeZone(site));
  const reviews = files?.reviews ? reviewsView(files.reviews, now) : null;
  const rating = reviews ? aggregateRating(reviews) : null;
  // The AutoDealer JSON-LD with the reviews' AggregateRating, in the document's HTML alone.
  context.serverRender.jsonLd = serializeJsonLd({ ...dealerJsonLd(site), ...(rating ? { aggregateRating: rating } : {}) });
  return {
    name: site.name,
    locale: site.locale,
    city: site.city,
    state: site.state,
    template: site.template,
    searchPath,
    words: homeWords(site.template),
    sliderHeight: files?.home.slider_height ?? 540,
    // spec 001 §2: a slide can be hidden.
    slides: (files?.home.slides ?? []).filter((slide) => !slide.hidden),
    landing: files?.home.landing ?? null,
    categories: files?.home.categories ?? [],
    featured,
    makes: landing?.makes ?? [],
    bodies: landing?.bodies ?? [],
    promos: shownPromos(files?.promos ?? [], { now, carTypes: [], seed: promoShuffleSeed(site.slug, now) }),
    reviews,
    locations: orderedLocations(site.locations).map((location) => ({
      id: location.id,
      name: location.name,
      address: location.address.full,
      phone: location.contact_detail.phone,
      // Directions go through /go/directions, which records 41 and opens the map.
      mapUrl: directionsHref(location.slug),
      today: todaysHoursText(location.contact_detail.opening_hours, weekday),
    })),
    share: shareSite(site),
  };
}

import { EVENT_IDS } from "./event-ids";

/**
 * The events a page view produces, from the matched route (leaf last) and the URL. One
 * rule for both sides: the server records it for every document it renders (JavaScript off or on),
 * the browser for each client-side navigation after that, so a page is counted once.
 */
export type PageEvent = { eventId: number; properties?: Record<string, string> };

/** Route id → spec 001 §9 page-view event id. Vehicle pages depend on the car type; content pages on the slug. */
const ROUTE_PAGE_VIEWS: Record<string, number> = {
  "routes/_index": EVENT_IDS.pageHome,
  "routes/search._index": EVENT_IDS.pageInventory,
  "routes/search.$": EVENT_IDS.pageInventory,
  "routes/finance": EVENT_IDS.pageFinance,
  "routes/finance-enquiry": EVENT_IDS.pageFinance,
  "routes/apply-for-finance": EVENT_IDS.pageFinance,
  "routes/finance_.apply": EVENT_IDS.pageFinance,
  "routes/fleet": EVENT_IDS.pageFleet,
  "routes/service": EVENT_IDS.pageService,
  "routes/vehicle-parts-and-accessories": EVENT_IDS.pageParts,
  "routes/contact": EVENT_IDS.pageContact,
  "routes/careers": EVENT_IDS.pageCareers,
  "routes/sell-my-car": EVENT_IDS.pageSellMyCar,
  "routes/sell-my-car_.steps": EVENT_IDS.pageSellMyCar,
  "routes/trade-in": EVENT_IDS.pageTradeIn,
  "routes/cars.trade-in": EVENT_IDS.pageTradeIn,
  "routes/trade-in_.valuation": EVENT_IDS.pageTradeIn,
  "routes/success": EVENT_IDS.pageSuccess,
  "routes/dealerships": EVENT_IDS.pageLocations,
};

const VEHICLE_ROUTE = "routes/$base.$slug";
const CONTENT_ROUTES = new Set(["routes/$page", "routes/pages.$page"]);
const SEARCH_ROUTES = new Set(["routes/search._index", "routes/search.$"]);
/** Routes that are not pages a visitor reads (API, images, assets). */
const NOT_PAGES = /^routes\/(api\.|mock\.|\[_image\]|images\.|demo-images\.|tenant-assets\.|forget-my-details|go\.)/;

/** spec 001 §9 page views the spec names but our routes reach as content pages, matched on the page's slug. */
const CONTENT_KINDS: Array<[RegExp, number]> = [
  [/about/, EVENT_IDS.pageAbout],
  [/offer|special/, EVENT_IDS.pageOffers],
  [/insurance/, EVENT_IDS.pageInsurance],
  [/ownership|warranty/, EVENT_IDS.pageOwnership],
];

export function vehiclePageEventId(carType: string): number {
  if (carType === "new") return EVENT_IDS.pageNewVehicle;
  if (carType === "demo") return EVENT_IDS.pageDemoVehicle;
  return EVENT_IDS.pageUsedVehicle;
}

export const SEARCH_STRING_MAX_LENGTH = 200;

export type PageMatch = {
  routeId: string;
  url: URL;
  vehicleCarType?: string | null;
  /** The split test this vehicle page view exposed the visitor to: carried by the page view itself (one row per view). */
  vehicleExposure?: { experiment: string; variant: string } | null;
};

export function pageEvents({ routeId, url, vehicleCarType, vehicleExposure }: PageMatch): PageEvent[] {
  if (NOT_PAGES.test(routeId) || routeId === "root") return [];
  let pageView: number = EVENT_IDS.pageContent;
  if (routeId === VEHICLE_ROUTE) {
    if (!vehicleCarType) return [];
    pageView = vehiclePageEventId(vehicleCarType);
  } else if (CONTENT_ROUTES.has(routeId)) {
    const slug = url.pathname.toLowerCase();
    pageView = CONTENT_KINDS.find(([pattern]) => pattern.test(slug))?.[1] ?? EVENT_IDS.pageContent;
  } else if (ROUTE_PAGE_VIEWS[routeId] !== undefined) {
    pageView = ROUTE_PAGE_VIEWS[routeId];
  }
  const exposure = routeId === VEHICLE_ROUTE && vehicleExposure ? { ...vehicleExposure } : undefined;
  const events: PageEvent[] = [exposure ? { eventId: pageView, properties: exposure } : { eventId: pageView }];
  const searchString = (url.searchParams.get("q") ?? "").trim().slice(0, SEARCH_STRING_MAX_LENGTH);
  // spec 001 §9 event 29: a search the visitor typed, with its search string.
  if (SEARCH_ROUTES.has(routeId) && searchString !== "")
    events.push({ eventId: EVENT_IDS.search, properties: { search_string: searchString } });
  return events;
}

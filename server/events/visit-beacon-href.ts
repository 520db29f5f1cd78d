/** The visit beacon's path (app/routes/visit[.]gif.tsx); every page names it in an image. */
export const VISIT_BEACON_PATH = "/visit.gif";

/** Where a page's beacon points: the page itself (path and query), its leaf route and, on a vehicle page, the car type. */
export function visitBeaconHref(page: string, routeId: string, carType: string | null): string {
  const params = new URLSearchParams({ u: page, r: routeId });
  if (carType) params.set("c", carType);
  return `${VISIT_BEACON_PATH}?${params.toString()}`;
}

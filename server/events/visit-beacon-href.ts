/** The visit beacon's path (app/routes/visit[.]gif.tsx); every page names it in an image. */
export const VISIT_BEACON_PATH = "/visit.gif";

export type BeaconExposure = { experiment: string; variant: string };

/**
 * Where a page's beacon points: the page itself (path and query), its leaf route and, on a vehicle
 * page, the car type and the split test's variant the visitor saw (such a page is private, never shared).
 */
export function visitBeaconHref(page: string, routeId: string, carType: string | null, exposure: BeaconExposure | null = null): string {
  const params = new URLSearchParams({ u: page, r: routeId });
  if (carType) params.set("c", carType);
  if (exposure) {
    params.set("x", exposure.experiment);
    params.set("v", exposure.variant);
  }
  return `${VISIT_BEACON_PATH}?${params.toString()}`;
}

/** The split-test exposure a beacon reports, when it names both parts. */
export function beaconExposure(params: URLSearchParams): BeaconExposure | null {
  const experiment = params.get("x");
  const variant = params.get("v");
  return experiment && variant ? { experiment: experiment.slice(0, 100), variant: variant.slice(0, 100) } : null;
}

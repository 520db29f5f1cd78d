import type { Db } from "~/server/db/connection";
import { experimentResults, type ExperimentResult } from "~/server/experiments/results";
import { EVENT_IDS } from "./event-ids";

/**
 * What a dealer asks on Monday morning: leads by category and by day, the 20 most viewed
 * vehicles, top search terms, click-to-call and directions counts, and conversion (leads per
 * vehicle-page view). Mock leads (MOCK_LEADS, QA) are left out. Grouping happens here, not in SQL, so
 * SQLite and PostgreSQL answer the same.
 */
export type DealerReport = {
  tenant: string;
  since: string;
  leadsByCategory: Array<{ category: string; leads: number }>;
  leadsByDay: Array<{ day: string; leads: number }>;
  topVehicles: Array<{ page: string; views: number }>;
  topSearches: Array<{ search: string; searches: number }>;
  calls: number;
  directions: number;
  vehiclePageViews: number;
  leads: number;
  /** Leads per vehicle-page view, as a percentage with one decimal; null with no views. */
  conversionPercent: number | null;
  /** spec 001 §6 split tests, by variant; empty when the site runs none. */
  experiments: ExperimentResult[];
};

export const TOP_VEHICLES = 20;
export const TOP_SEARCHES = 20;
const VEHICLE_VIEWS = [EVENT_IDS.pageNewVehicle, EVENT_IDS.pageUsedVehicle, EVENT_IDS.pageDemoVehicle];

function counted<T extends string>(values: Iterable<T>): Map<T, number> {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/** Most first; ties in name order, so the report reads the same twice. */
function ranked(counts: Map<string, number>, limit = Infinity): Array<[string, number]> {
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, limit);
}

function searchString(properties: string | null): string | null {
  if (!properties) return null;
  try {
    const value: unknown = (JSON.parse(properties) as Record<string, unknown>).search_string;
    return typeof value === "string" && value.trim() !== "" ? value.trim().toLowerCase() : null;
  } catch {
    return null;
  }
}

export async function dealerReport(handle: Db, tenant: string, since: Date): Promise<DealerReport> {
  const from = since.getTime();
  const leads = await handle.db
    .selectFrom("leads")
    .select(["category", "created_at"])
    .where("tenant", "=", tenant)
    .where("mock", "=", 0)
    .where("created_at", ">=", from)
    .execute();
  const events = await handle.db
    .selectFrom("events")
    .select(["event_id", "url", "properties"])
    .where("tenant", "=", tenant)
    .where("created_at", ">=", from)
    .where("event_id", "in", [...VEHICLE_VIEWS, EVENT_IDS.search, EVENT_IDS.clickToCall, EVENT_IDS.getDirections])
    .execute();

  // A split test's exposure is the vehicle page view's own row (docs/decisions.md): counted once, as a view.
  const vehicleViews = events.filter((e) => (VEHICLE_VIEWS as number[]).includes(e.event_id));
  const tested = await handle.db
    .selectFrom("events")
    .select(["anon_id", "lead_id", "properties"])
    .where("tenant", "=", tenant)
    .where("created_at", ">=", from)
    .where("properties", "like", '%"experiment%')
    .execute();
  const searches = events.filter((e) => e.event_id === EVENT_IDS.search).flatMap((e) => searchString(e.properties) ?? []);
  const vehiclePageViews = vehicleViews.length;
  return {
    tenant,
    since: since.toISOString().slice(0, 10),
    leadsByCategory: ranked(counted(leads.map((l) => l.category))).map(([category, n]) => ({ category, leads: n })),
    leadsByDay: [...counted(leads.map((l) => new Date(l.created_at).toISOString().slice(0, 10)))]
      .sort((a, b) => a[0].localeCompare(b[0]))
      .map(([day, n]) => ({ day, leads: n })),
    // The path without its query: ?phone=revealed and the calculator's values are the same vehicle.
    topVehicles: ranked(counted(vehicleViews.map((e) => e.url.split("?")[0]!)), TOP_VEHICLES).map(([page, views]) => ({ page, views })),
    topSearches: ranked(counted(searches), TOP_SEARCHES).map(([search, n]) => ({ search, searches: n })),
    calls: events.filter((e) => e.event_id === EVENT_IDS.clickToCall).length,
    directions: events.filter((e) => e.event_id === EVENT_IDS.getDirections).length,
    vehiclePageViews,
    leads: leads.length,
    conversionPercent: vehiclePageViews === 0 ? null : Math.round((leads.length / vehiclePageViews) * 1000) / 10,
    experiments: experimentResults(tested),
  };
}

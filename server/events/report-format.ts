import { TOP_VEHICLES, type DealerReport } from "./report";

export type ReportFormat = "text" | "csv" | "json";

function table(title: string, header: [string, string], rows: Array<[string, string | number]>): string {
  if (rows.length === 0) return `${title}\n  (none)\n`;
  const width = Math.max(header[0].length, ...rows.map(([name]) => name.length));
  const lines = [
    `${header[0].padEnd(width)}  ${header[1]}`,
    ...rows.map(([name, n]) => `${name.padEnd(width)}  ${String(n).padStart(header[1].length)}`),
  ];
  return `${title}\n${lines.map((line) => `  ${line}`).join("\n")}\n`;
}

function csvField(value: string | number): string {
  const text = String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet (CSV injection).
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function conversion(report: DealerReport): string {
  return report.conversionPercent === null ? "n/a (no vehicle-page views)" : `${report.conversionPercent}%`;
}

/** spec 001 §6: one split test's results, a row per variant. */
function experimentTable(result: DealerReport["experiments"][number]): string {
  const header = ["variant", "exposures", "visitors", "leads", "conversion"];
  const rows = result.variants.map((v) => [
    v.variant,
    String(v.exposures),
    String(v.visitors),
    String(v.leads),
    v.conversionPercent === null ? "n/a" : `${v.conversionPercent}%`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `  ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ")}`;
  return `Split test ${result.experiment} (conversion: leads per visitor shown the variant)\n${[header, ...rows].map(line).join("\n")}\n`;
}

/** Text table by default; CSV rows of section,name,value; or the report as JSON. */
export function formatReport(report: DealerReport, format: ReportFormat): string {
  if (format === "json") return `${JSON.stringify(report, null, 2)}\n`;
  if (format === "csv") {
    const rows: Array<[string, string, string | number]> = [
      ...report.leadsByCategory.map((r): [string, string, number] => ["leads_by_category", r.category, r.leads]),
      ...report.leadsByDay.map((r): [string, string, number] => ["leads_by_day", r.day, r.leads]),
      ...report.topVehicles.map((r): [string, string, number] => ["top_vehicles", r.page, r.views]),
      ...report.topSearches.map((r): [string, string, number] => ["top_searches", r.search, r.searches]),
      ["totals", "calls", report.calls],
      ["totals", "directions", report.directions],
      ["totals", "leads", report.leads],
      ["totals", "vehicle_page_views", report.vehiclePageViews],
      ["totals", "conversion_percent", report.conversionPercent ?? ""],
      ...report.experiments.flatMap((e) =>
        e.variants.flatMap((v): Array<[string, string, string | number]> => [
          [`experiment:${e.experiment}`, `${v.variant}:exposures`, v.exposures],
          [`experiment:${e.experiment}`, `${v.variant}:visitors`, v.visitors],
          [`experiment:${e.experiment}`, `${v.variant}:leads`, v.leads],
          [`experiment:${e.experiment}`, `${v.variant}:conversion_percent`, v.conversionPercent ?? ""],
        ]),
      ),
    ];
    return `${["section,name,value", ...rows.map((row) => row.map(csvField).join(","))].join("\n")}\n`;
  }
  return [
    `Report for ${report.tenant} since ${report.since}\n`,
    table(
      "Leads by category",
      ["category", "leads"],
      report.leadsByCategory.map((r) => [r.category, r.leads]),
    ),
    table(
      "Leads by day",
      ["day", "leads"],
      report.leadsByDay.map((r) => [r.day, r.leads]),
    ),
    table(
      `Most viewed vehicles (top ${TOP_VEHICLES})`,
      ["page", "views"],
      report.topVehicles.map((r) => [r.page, r.views]),
    ),
    table(
      "Top search terms",
      ["search", "searches"],
      report.topSearches.map((r) => [r.search, r.searches]),
    ),
    `Click-to-call: ${report.calls}\nGet directions: ${report.directions}\n`,
    `Conversion: ${conversion(report)} (${report.leads} leads / ${report.vehiclePageViews} vehicle-page views)\n`,
    ...report.experiments.map((e) => experimentTable(e)),
  ].join("\n");
}

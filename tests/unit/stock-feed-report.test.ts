import { describe, expect, it } from "vitest";
import { bodyType, driveCode, driveLabel, simpleFuel, simpleTransmission } from "~/server/stock-feed/labels";
import { unreadableFeedReport } from "~/server/stock-feed/plan";
import { renderReport } from "~/server/stock-feed/report";
import { HEADER, feedTenant, fullImport, planCsv, row } from "~/tests/fixtures/feeds/feed-tenant";

describe("import report text", () => {
  it("fits one screen: headline, counts, listed change, first rejected rows, dropped photos, unread columns", () => {
    const lines = [
      `${HEADER},notes`,
      ...Array.from({ length: 30 }, (_, i) => `${row(`OK${i}`)},`),
      ...Array.from({ length: 12 }, (_, i) => `${row(`BAD${i}`, { price: "call me" })},`),
      `${row("PH1", { photos: "https://cdn.dealer.example/1.jpg|https://elsewhere.example/2.jpg" })},`,
    ];
    const plan = planCsv(lines, []);
    plan.report.duration_ms = 1234;
    const text = renderReport(plan.report);
    expect(text.split("\n").length).toBeLessThanOrEqual(24);
    expect(text).toBe(
      [
        "harbourside: feed.csv: full import applied, stock version 1, 1.2 s",
        "  CSV, 43 rows: added 31 · updated 0 · unchanged 0 · price changed 0 · marked sold 0 · returned to stock 0 · rejected 12",
        "  listed vehicles: 0 → 31",
        "rejected rows (12):",
        ...Array.from(
          { length: 10 },
          (_, i) => `  line ${32 + i}: price: expected a price such as 29990, $29,990, 25990 AUD or POA, got "call me"`,
        ),
        "  … and 2 more (the JSON report lists every line)",
        "photos from elsewhere.example dropped (1 photo on 1 row, first line 44): the host is not in this site's image_hosts; " +
          'add it to site.json: "image_hosts": ["cdn.dealer.example","elsewhere.example"] (or for this run only: --allow-image-host elsewhere.example)',
        "columns not read: notes",
        "",
      ].join("\n"),
    );
  });

  it("says what a refusal, a dry run and a forced import did", () => {
    const stock = planCsv([HEADER, row("A"), row("B"), row("C")], []).writes;
    expect(renderReport(planCsv([HEADER, row("A")], stock).report).split("\n")[0]).toBe(
      "harbourside: feed.csv: refused: a full import would take 2 of 3 listed vehicles (66.7%) out of stock, more than 30% — check the feed is complete, import it as partial, or force the import; nothing changed",
    );
    expect(
      renderReport(planCsv([HEADER, row("A")], stock, { dryRun: true }).report)
        .split("\n")
        .slice(0, 3),
    ).toEqual([
      "harbourside: feed.csv: dry run of a full import: would be refused: a full import would take 2 of 3 listed vehicles (66.7%) out of stock, more than 30% — check the feed is complete, import it as partial, or force the import",
      "  CSV, 1 row: added 0 · updated 0 · unchanged 1 · price changed 0 · marked sold 2 · returned to stock 0 · rejected 0",
      "  listed vehicles if applied: 3 → 1",
    ]);
    const forced = planCsv([HEADER, row("A")], stock, { force: true }).report;
    expect(renderReport({ ...forced, duration_ms: 20 }).split("\n")[0]).toBe(
      "harbourside: feed.csv: full import applied, stock version 1, 20 ms (forced past: a full import would take 2 of 3 listed vehicles (66.7%) out of stock, more than 30% — check the feed is complete, import it as partial, or force the import)",
    );
  });

  it("is one line for a feed refused before its rows were read", () => {
    const report = unreadableFeedReport(feedTenant(), "the feed is empty", { ...fullImport, source: "empty.csv" }, 4);
    expect(renderReport(report)).toBe("harbourside: empty.csv: refused: the feed is empty; nothing changed\n");
  });
});

describe("facet values from dealer words", () => {
  it("maps body styles to the spec 000 §3 body types, keeping unknown ones", () => {
    expect(
      ["SUV", "Cab Chassis", "Utility", "People Mover", "Station Wagon", "Hatch", "hatchback", "Campervan", "Trike"].map(bodyType),
    ).toEqual(["suv", "cabChassis", "ute", "peopleMover", "stationWagon", "hatch", "hatchback", "motorhome", "Trike"]);
  });

  it("simplifies fuel, drive and transmission", () => {
    expect(
      ["Petrol - Unleaded ULP", "Diesel", "Hybrid (Petrol/Electric)", "Plug-in Hybrid (PHEV)", "Electric", "LPG", "Hydrogen"].map(
        simpleFuel,
      ),
    ).toEqual(["Petrol", "Diesel", "Hybrid", "Hybrid", "Electric", "LPG", "Hydrogen"]);
    expect(["Front Wheel Drive", "RWD", "AWD", "4x4", "Four Wheel Drive", "Chain"].map(driveCode)).toEqual([
      "FWD",
      "RWD",
      "AWD",
      "4WD",
      "4WD",
      null,
    ]);
    expect(["AWD", "4wd", "Chain Drive"].map(driveLabel)).toEqual(["All Wheel Drive", "Four Wheel Drive", "Chain Drive"]);
    expect(["6 Speed Manual", "Automated Manual", "CVT", "Automatic", "M"].map(simpleTransmission)).toEqual([
      "Manual",
      "Automatic",
      "Automatic",
      "Automatic",
      "Manual",
    ]);
  });
});

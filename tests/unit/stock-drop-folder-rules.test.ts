import { describe, expect, it } from "vitest";
import { isComplete, isDropCandidate, reportName, settledName, steadySince } from "~/server/inventory/drop-folder-rules";
import { formatFromFileName } from "~/server/stock-feed/read-feed";

describe("which dropped files are feeds", () => {
  it("takes ordinary names and leaves names of files still uploading", () => {
    const names = ["stock.csv", "Export 2026-11-27.CSV", "feed.json", "vehicle-ads.xml", "stock", "stock.csv.bak"];
    expect(names.filter(isDropCandidate)).toEqual(names);
    const arriving = [".stock.csv", ".stock.csv.Xy12Ab", "stock.csv.tmp", "stock.csv.part", "STOCK.CSV.PART", "upload.TMP"];
    expect(arriving.filter(isDropCandidate)).toEqual([]);
  });

  it("reads the format from the name as the CLI does, leaving .csv to the header row", () => {
    expect(["a.json", "A.XML", "a.csv", "a", "dir.xml/a"].map(formatFromFileName)).toEqual([
      "json",
      "google-xml",
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe("when a dropped file is complete", () => {
  const stableMs = 10_000;
  const t0 = 1_800_000_000_000;

  it("waits until size and mtime have stood still for the stable time", () => {
    // Written in place: the folder changed when the file was created, the file since.
    const folderMtimeMs = t0;
    let steady = steadySince(undefined, { size: 100, mtimeMs: t0 + 1_000 }, t0 + 1_000);
    expect(isComplete({ file: { size: 100, mtimeMs: t0 + 1_000 }, folderMtimeMs, steady, now: t0 + 1_000, stableMs })).toBe(false);

    // It grew: the clock starts again.
    const grown = { size: 250, mtimeMs: t0 + 6_000 };
    steady = steadySince(steady, grown, t0 + 6_000);
    expect(steady.seenAt).toBe(t0 + 6_000);
    expect(isComplete({ file: grown, folderMtimeMs, steady, now: t0 + 12_000, stableMs })).toBe(false);

    // Unchanged since: complete once the stable time has passed, not a moment before.
    steady = steadySince(steady, grown, t0 + 15_999);
    expect(isComplete({ file: grown, folderMtimeMs, steady, now: t0 + 15_999, stableMs })).toBe(false);
    steady = steadySince(steady, grown, t0 + 16_000);
    expect(isComplete({ file: grown, folderMtimeMs, steady, now: t0 + 16_000, stableMs })).toBe(true);
  });

  it("counts a touch that keeps the size as a change", () => {
    const first = steadySince(undefined, { size: 100, mtimeMs: t0 }, t0);
    const touched = steadySince(first, { size: 100, mtimeMs: t0 + 5 }, t0 + 9_000);
    expect(touched.seenAt).toBe(t0 + 9_000);
  });

  it("takes at once a file renamed in whole: last written well before it arrived in the folder", () => {
    const file = { size: 5_000, mtimeMs: t0 };
    const steady = steadySince(undefined, file, t0 + 60_000);
    expect(isComplete({ file, folderMtimeMs: t0 + 60_000, steady, now: t0 + 60_000, stableMs })).toBe(true);
    // Renamed in a moment after it was written: no proof yet, so it waits like any other file.
    expect(
      isComplete({ file, folderMtimeMs: t0 + 2_000, steady: steadySince(undefined, file, t0 + 2_000), now: t0 + 2_000, stableMs }),
    ).toBe(false);
  });
});

describe("names in done/ and failed/", () => {
  const now = Date.UTC(2026, 10, 27, 10, 15, 0, 123);

  it("keeps the file's own name, then adds the time, then the time and a counter", () => {
    expect([0, 1, 2, 3].map((attempt) => settledName("stock.csv", attempt, now))).toEqual([
      "stock.csv",
      "stock-20261127T101500Z.csv",
      "stock-20261127T101500Z-2.csv",
      "stock-20261127T101500Z-3.csv",
    ]);
  });

  it("puts the time before the last extension only, and after a name without one", () => {
    expect(settledName("export.2026.json", 1, now)).toBe("export.2026-20261127T101500Z.json");
    expect(settledName("STOCKFILE", 1, now)).toBe("STOCKFILE-20261127T101500Z");
  });

  it("never hands out a name already taken: successive attempts all differ", () => {
    const names = Array.from({ length: 50 }, (_, attempt) => settledName("stock.csv", attempt, now));
    expect(new Set(names).size).toBe(50);
  });

  it("names the report after the file it is about", () => {
    expect(reportName("stock-20261127T101500Z.csv")).toBe("stock-20261127T101500Z.csv.report.txt");
  });
});

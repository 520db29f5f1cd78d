import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadTenants, type Tenant } from "~/server/tenants/load";
import { loadStock, parseStockFile, StockFileError } from "~/server/inventory/load-stock";
import { generateStockFile } from "~/scripts/lib/demo-stock";

const NOW = 1_750_000_000_000;
function demoTenant(slug: string): Tenant {
  const found = loadTenants(path.resolve("tenants")).find((t) => t.slug === slug);
  if (!found) throw new Error(`${slug} demo tenant missing`);
  return found;
}
const outback = demoTenant("outback-4x4");
const scratch = mkdtempSync(path.join(tmpdir(), "load-stock-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function tenantIn(folder: string, stockText: string | null): Tenant {
  const dir = path.join(scratch, folder);
  mkdirSync(dir, { recursive: true });
  if (stockText !== null) writeFileSync(path.join(dir, "stock.json"), stockText);
  return { ...outback, dir };
}

describe("parseStockFile", () => {
  it("returns the vehicles of a valid feed", () => {
    const file = generateStockFile(outback, { now: NOW });
    expect(parseStockFile("tenants/outback-4x4/stock.json", JSON.stringify(file)).vehicles).toHaveLength(30);
  });

  it("names the file and the first bad field path", () => {
    const file = generateStockFile(outback, { now: NOW });
    const broken = { ...file, vehicles: file.vehicles.map((v, i) => (i === 12 ? { ...v, price: "34990" } : v)) };
    expect(() => parseStockFile("tenants/x/stock.json", JSON.stringify(broken))).toThrow(
      new StockFileError("tenants/x/stock.json: vehicles[12].price: expected number"),
    );
  });

  it("names nested paths", () => {
    const file = generateStockFile(outback, { now: NOW });
    const broken = { ...file, vehicles: file.vehicles.map((v, i) => (i === 3 ? { ...v, location: { ...v.location, slug: 7 } } : v)) };
    expect(() => parseStockFile("s.json", JSON.stringify(broken))).toThrow("s.json: vehicles[3].location.slug: expected string");
  });

  it("reports bad JSON on one line", () => {
    expect(() => parseStockFile("s.json", "{ not json")).toThrow(/^s\.json: \(root\): invalid JSON \(/);
  });
});

describe("loadStock", () => {
  it("reads <tenant.dir>/stock.json", () => {
    const tenant = tenantIn("valid", JSON.stringify(generateStockFile(outback, { now: NOW })));
    const vehicles = loadStock(tenant);
    expect(vehicles).toHaveLength(30);
    expect(vehicles.every((v) => v.car_type === "used")).toBe(true);
  });

  it("gives an empty list when the file is missing", () => {
    expect(loadStock(tenantIn("missing", null))).toEqual([]);
  });

  it("throws with the path of the broken file", () => {
    const tenant = tenantIn("broken", JSON.stringify({ generated_at: "x", vehicles: [{ id: "1" }] }));
    const display = path.relative(process.cwd(), path.join(tenant.dir, "stock.json"));
    expect(() => loadStock(tenant)).toThrow(`${display}: vehicles[0].id: expected number`);
  });
});

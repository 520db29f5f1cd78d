import { mkdtempSync, readFileSync, writeFileSync, mkdirSync, cpSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadTenants, parseSiteFile } from "~/server/tenants/load";
import { ConfigError } from "~/server/tenants/config-error";

const goodText = readFileSync("tenants/harbourside/site.json", "utf8");
const good = () => JSON.parse(goodText) as Record<string, unknown> & { locations: Array<Record<string, unknown>> };

function messageFor(mutate: (site: ReturnType<typeof good>) => void): string {
  const site = good();
  mutate(site);
  try {
    parseSiteFile("tenants/x/site.json", JSON.stringify(site));
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected the file to be rejected");
}

describe("site.json schema", () => {
  it("accepts a good file and fills defaults", () => {
    const site = parseSiteFile("tenants/harbourside/site.json", goodText, "harbourside");
    expect(site.slug).toBe("harbourside");
    expect(site.include_sold_cars_days).toBeGreaterThanOrEqual(0);
    expect(site.features.no_price_text).toBe("Enquire for price.");
  });

  it("names the file and the field path of a wrong type", () => {
    const message = messageFor((s) => {
      (s.locations[2]!.address as Record<string, unknown>).postcode = 2000;
    });
    expect(message).toBe("tenants/x/site.json: locations[2].address.postcode: expected string");
  });

  it("names a missing required field", () => {
    expect(messageFor((s) => delete s.name)).toBe("tenants/x/site.json: name: expected string");
  });

  it("rejects an unknown finance provider with the field path", () => {
    expect(messageFor((s) => (s.finance_provider = "Banco"))).toMatch(/^tenants\/x\/site\.json: finance_provider: /);
  });

  it("rejects a bad theme colour", () => {
    expect(messageFor((s) => ((s.theme as Record<string, string>).brand = "red"))).toBe(
      "tenants/x/site.json: theme.brand: expected a colour like #1a2b3c",
    );
  });

  it("reports invalid JSON in one line", () => {
    expect(() => parseSiteFile("tenants/x/site.json", "{ nope")).toThrow(/^tenants\/x\/site\.json: \(root\): invalid JSON/);
  });

  it("requires the slug to match the folder", () => {
    expect(() => parseSiteFile("tenants/other/site.json", goodText, "other")).toThrow(
      'tenants/other/site.json: slug: expected "other" (the folder name)',
    );
  });

  it("rejects a domain claimed by two tenants", () => {
    const root = mkdtempSync(path.join(tmpdir(), "tenants-"));
    cpSync("tenants/harbourside", path.join(root, "harbourside"), { recursive: true });
    const twin = good();
    twin.slug = "twin";
    mkdirSync(path.join(root, "twin"));
    writeFileSync(path.join(root, "twin", "site.json"), JSON.stringify(twin));
    expect(() => loadTenants(root)).toThrow(/twin\/site\.json: domains\[0\]: ".*" is already used by tenant harbourside/);
  });
});

describe("promos.json and reviews.json", () => {
  function tenantWith(file: string, content: unknown): string {
    const root = mkdtempSync(path.join(tmpdir(), "tenants-"));
    mkdirSync(path.join(root, "harbourside"));
    writeFileSync(path.join(root, "harbourside", "site.json"), goodText);
    writeFileSync(path.join(root, "harbourside", file), typeof content === "string" ? content : JSON.stringify(content));
    return root;
  }

  it("a broken promos.json stops the start with one line naming the file and the field", () => {
    const root = tenantWith("promos.json", [{ id: "a", image: "/a.png", alt: "A", display: ["vintage"] }]);
    expect(() => loadTenants(root)).toThrow(/harbourside\/promos\.json: \[0\]\.display\[0\]: /);
  });

  it("a broken reviews.json stops the start the same way", () => {
    const root = tenantWith("reviews.json", {
      count: 1,
      average_rating: 5,
      reviews: [{ id: 1, customer_name: "A", text: null, rating: 9, review_date: "01/01/2026" }],
    });
    expect(() => loadTenants(root)).toThrow(/harbourside\/reviews\.json: reviews\[0\]\.rating: /);
    expect(() => loadTenants(tenantWith("reviews.json", "{"))).toThrow(/harbourside\/reviews\.json: \(root\): invalid JSON/);
  });

  it("every demo tenant's files load", () => {
    for (const tenant of loadTenants()) expect(tenant.home, tenant.slug).toBeDefined();
  });
});

import { describe, expect, it } from "vitest";
import { isListed } from "~/server/stock/is-listed";
import { vehicleHref } from "~/server/stock/can-reserve";
import { defaultSearchPath } from "~/server/tenants/default-search-path";
import { loadTenants } from "~/server/tenants/load";
import { TenantDirectory } from "~/server/tenants/resolve";
import { vnuErrors } from "../fixtures/vnu";
import { appForFile } from "./support/app-server";
import { request } from "./support/http";

const tenants = loadTenants();
const directory = new TenantDirectory(tenants, { defaultTenant: "harbourside", trustProxy: false });
const THREE = ["harbourside", "outback-4x4", "lakeside-auto"];
const server = appForFile(directory);

describe("the Nu HTML Checker (0 errors)", () => {
  it("finds no error on the home, search and vehicle pages of three tenants, nor on a filtered search, a form or a 404", async () => {
    const pages: Array<{ name: string; html: string }> = [];
    const fetchPage = async (slug: string, urlPath: string, status = 200) => {
      const reply = await request(server.port, `${slug}.localhost`, urlPath);
      expect(reply.status, `${slug} ${urlPath}`).toBe(status);
      pages.push({ name: `${slug} ${urlPath}`, html: reply.body });
    };
    for (const slug of THREE) {
      const tenant = tenants.find((t) => t.slug === slug)!;
      const vehicle = (await server.services.stock.loadVehicles(slug)).find(
        (v) => isListed(v, tenant.site, Date.now()) && v.photos_count > 0,
      )!;
      const listing = defaultSearchPath(tenant.site);
      await fetchPage(slug, "/");
      await fetchPage(slug, listing);
      await fetchPage(slug, `${listing}?range%5Bprice%5D=1000:90000&page=2`);
      await fetchPage(slug, vehicleHref(vehicle, tenant.site));
    }
    // The search landing: price slider, make, body and other facets' tiles.
    await fetchPage("harbourside", "/search");
    await fetchPage("harbourside", "/contact");
    await fetchPage("harbourside", "/no/such/page", 404);
    const errors = vnuErrors(pages);
    expect(errors.map((error) => `${error.page}: ${error.message} ${error.extract ?? ""}`)).toEqual([]);
  }, 180_000);
});

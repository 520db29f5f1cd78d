import { expect, it } from "vitest";
import { canReserve } from "~/server/stock/can-reserve";
import { isListed } from "~/server/stock/is-listed";
import { loadStock } from "~/server/inventory/load-stock";
import { formsAppForFile, validFields } from "./forms-harness";

const app = formsAppForFile({ MOCK_LEADS: "1" });

it("with MOCK_LEADS=1 a reservation is stored as a mock lead", async () => {
  const tenant = app.tenant("harbourside");
  const now = Date.now();
  const vehicle = loadStock(tenant).find((candidate) => isListed(candidate, tenant.site, now) && canReserve(candidate, tenant.site));
  if (!vehicle) throw new Error("harbourside has no reservable vehicle");
  const reply = await app.postForm("harbourside.localhost", `/cars/${vehicle.slug}/checkout`, validFields("reserve", tenant));
  expect(reply.status).toBe(303);
  const rows = await app.db.db.selectFrom("leads").select(["category", "mock"]).where("tenant", "=", "harbourside").execute();
  expect(rows.map((row) => ({ category: row.category, mock: Number(row.mock) }))).toEqual([{ category: "Reserve Car Enquiry", mock: 1 }]);
});

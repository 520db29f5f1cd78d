import { readFileSync } from "node:fs";
import type { FormsApp, Reply } from "./forms-harness";

/** The dealer's stock push token for southern-used in the tests that push a price (SOUTHERN_USED_STOCK_TOKEN). */
export const SOUTHERN_USED_PUSH_TOKEN = "southern-used-push-token-0123456789";

type StockFileVehicle = { slug: string; price: number; stocknum: string };

/** A southern-used car as its stock file has it (the row a push sends back) that the site lists as in stock. */
export async function listedSouthernUsedCar(app: FormsApp): Promise<StockFileVehicle> {
  const stock = JSON.parse(readFileSync("tenants/southern-used/stock.json", "utf8")) as { vehicles: StockFileVehicle[] };
  const listed = await app.services.stock.loadVehicles("southern-used");
  const vehicle = stock.vehicles.find((v) => listed.some((l) => l.slug === v.slug && l.status === "in_stock"));
  if (!vehicle) throw new Error("southern-used lists none of its stock file's cars");
  return vehicle;
}

/** The dealer's partial push of that one car at a new price, as their system sends it. */
export function pushPrice(app: FormsApp, vehicle: StockFileVehicle, price: number): Promise<Reply> {
  return app.send("southern-used.localhost", "/api/stock/southern-used?partial=1", {
    method: "PUT",
    body: JSON.stringify({ vehicles: [{ ...vehicle, price }] }),
    headers: { "content-type": "application/json", authorization: `Bearer ${SOUTHERN_USED_PUSH_TOKEN}` },
  });
}

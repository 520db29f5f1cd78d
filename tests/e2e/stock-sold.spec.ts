import { isListed } from "~/server/stock/is-listed";
import { loadStock } from "~/server/inventory/load-stock";
import { expect, tenantUrl, test } from "./support";
import { demoTenant, detailPath } from "./vehicle-stock";

// A vehicle left out of a full import shows 'JUST SOLD' on its card and its page, with
// JavaScript on and off. The feed is pushed the way a dealer system sends it (PUT /api/stock/<slug>,
// token from E2E_STOCK_TOKEN against a live site), so the spec runs against any instance.

const SLUG = "southern-used";
const TOKEN = process.env.E2E_STOCK_TOKEN ?? "e2e-stock-token-0123456789";

const tenant = demoTenant(SLUG);
const stock = loadStock(tenant);
const now = Date.now();
// The last listed car: the other specs pick the first ones, so their cars stay in stock.
const sold = [...stock].reverse().find((vehicle) => vehicle.status === "in_stock" && isListed(vehicle, tenant.site, now));
if (!sold) throw new Error(`no listed vehicle in ${SLUG}`);
const feed = { vehicles: stock.filter((vehicle) => vehicle.id !== sold.id) };

test.beforeAll(async ({ browser }) => {
  // Sent from a page on the site (the browser resolves <slug>.localhost; Node does not). The first
  // full import replaces the generated demo with the same cars (ids and slugs kept); the second leaves
  // one car out, which is then sold. Both projects push the same two feeds.
  const context = await browser.newContext({ javaScriptEnabled: true });
  const page = await context.newPage();
  await page.goto(tenantUrl(SLUG, "/"));
  const push = (vehicles: unknown[]) =>
    page.evaluate(
      async ({ path, token, body }) => {
        const response = await fetch(path, {
          method: "PUT",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body,
        });
        return { status: response.status, text: await response.text() };
      },
      { path: `/api/stock/${SLUG}`, token: TOKEN, body: JSON.stringify({ vehicles }) },
    );
  const whole = await push(stock);
  expect(whole.status, whole.text).toBe(200);
  const reply = await push(feed.vehicles);
  await context.close();
  expect(reply.status, reply.text).toBe(200);
  expect(JSON.parse(reply.text).outcome).toBe("applied");
});

test("a car left out of the full import is 'JUST SOLD' on its page and its search card", async ({ page }) => {
  // Every instance swaps its index within seconds of the import (STOCK_POLL_MS).
  await expect(async () => {
    await page.goto(tenantUrl(SLUG, detailPath(SLUG, sold)));
    await expect(page.getByText("JUST SOLD").first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });

  const search = `/search/used-cars?refinementList[make][0]=${encodeURIComponent(sold.make)}&refinementList[model][0]=${encodeURIComponent(sold.model)}&range[year]=${sold.year}:${sold.year}`;
  await page.goto(tenantUrl(SLUG, search));
  const card = page.getByTestId("vehicle-card").filter({ has: page.locator(`a[href$="/${sold.slug}"]`) });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId("card-tag")).toHaveText("JUST SOLD");
});

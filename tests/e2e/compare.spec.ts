import { loadStock } from "~/server/inventory/load-stock";
import { bodyTypeLabel } from "~/server/stock/body-type";
import { isListed } from "~/server/stock/is-listed";
import { cardPhoto } from "~/server/stock/photos";
import { priceDisplay } from "~/server/stock/price-display";
import type { Vehicle } from "~/server/stock/vehicle";
import { vehicleTitle } from "~/server/stock/vehicle-title";
import { expect, tenantUrl, test } from "./support";
import { demoTenant, detailPath } from "./vehicle-stock";

// Compare on a phone (390 px), JavaScript on and off (the two projects): each car's photo, price,
// Enquire and Details; spec rows by label with the differing ones marked; the labels stay pinned
// while the cars scroll sideways in their own box, with a cue that a car is off-screen.

const SLUG = "harbourside";

/** Three listed in-stock cars with three different body labels, so the Body type row differs. */
function threeCars(): Vehicle[] {
  const tenant = demoTenant(SLUG);
  const now = Date.now();
  const picked: Vehicle[] = [];
  for (const car of loadStock(tenant)) {
    if (!isListed(car, tenant.site, now) || car.status !== "in_stock" || !car.simple_body) continue;
    if (picked.some((other) => bodyTypeLabel(other.simple_body!) === bodyTypeLabel(car.simple_body!))) continue;
    picked.push(car);
    if (picked.length === 3) break;
  }
  return picked;
}

test.use({ viewport: { width: 390, height: 844 } });

test("compare on a phone shows price, specs, differences and actions per car, within the screen", async ({ page }) => {
  const cars = threeCars();
  expect(cars).toHaveLength(3);
  const site = demoTenant(SLUG).site;
  await page.goto(tenantUrl(SLUG, `/compare?${cars.map((car) => `car=${car.id}`).join("&")}`));
  await expect(page.getByRole("heading", { name: "Compare cars", level: 1 })).toBeVisible();

  const table = page.getByRole("table");
  for (const car of cars) {
    const title = vehicleTitle(car);
    const column = table.getByRole("columnheader", { name: new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) });
    await expect(column).toContainText(priceDisplay(car, site).text);
    await expect(column.getByRole("link", { name: `Enquire about ${title}` })).toHaveAttribute("href", `${detailPath(SLUG, car)}/enquire`);
    await expect(column.getByRole("link", { name: `Details of ${title}` })).toHaveAttribute("href", detailPath(SLUG, car));
    await expect(column.getByRole("img", { name: title })).toHaveCount(cardPhoto(car) ? 1 : 0);
  }

  // The body row reads the spec's labels (never 'suv' or 'cabChassis') and is marked as a difference.
  const bodyRow = table.getByRole("row", { name: /^Body type/ });
  await expect(bodyRow.getByRole("rowheader")).toHaveText("Body type Differs");
  for (const car of cars) await expect(bodyRow.getByRole("cell", { name: bodyTypeLabel(car.simple_body!), exact: true })).toHaveCount(1);

  // The page itself never scrolls sideways; the third car starts off-screen with the cue saying so.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(page.getByText("Swipe sideways to see all 3 cars")).toBeVisible();
  const third = table.getByRole("columnheader").nth(2);
  expect((await third.boundingBox())!.x).toBeGreaterThan(390 - 40);
  // Titles stay short (two lines at most) so the price and actions are on the first screen.
  const titleLink = table.getByRole("link", { name: vehicleTitle(cars[0]!), exact: true });
  expect((await titleLink.boundingBox())!.height).toBeLessThan(60);
  await expect(table.getByRole("link", { name: `Enquire about ${vehicleTitle(cars[0]!)}` })).toBeInViewport();

  // Scrolled to the third car, the row labels stay pinned at the left.
  const yearHeader = table.getByRole("rowheader", { name: "Year" });
  const before = (await yearHeader.boundingBox())!.x;
  await page.getByRole("region", { name: "Compared cars" }).evaluate((box) => box.scrollBy(1000, 0));
  await expect(third).toBeInViewport();
  expect((await yearHeader.boundingBox())!.x).toBe(before);

  // Nothing saved in this fresh browser: no way back to an empty list.
  await expect(page.getByRole("link", { name: "Back to saved cars" })).toHaveCount(0);

  await table.getByRole("link", { name: `Enquire about ${vehicleTitle(cars[0]!)}` }).click();
  await expect(page).toHaveURL(new RegExp(`${detailPath(SLUG, cars[0]!)}/enquire$`));
});

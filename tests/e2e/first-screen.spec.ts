import type { Locator } from "@playwright/test";
import { expect, tenantUrl, test } from "./support";
import { detailPath, pickVehicle, withPhotos } from "./vehicle-stock";

/**
 * The first screen of a phone sells: at 390 × 844 the header is one row (logo, Saved, Menu), and a
 * vehicle page shows its price and primary action above the sticky Call / Enquire bar, which never
 * covers the end of the page. Asserted on the geometry, JavaScript on and off (the two projects).
 */

const phone = { width: 390, height: 844 };

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`no box for ${locator.toString()}`);
  return { top: found.y, bottom: found.y + found.height, left: found.x, right: found.x + found.width, height: found.height };
}

test.use({ viewport: phone });

test.describe("the first screen on a phone @shop", () => {
  test("harbourside: the header is one row of logo, Saved and Menu; phone and locations are in the menu", async ({ page }) => {
    await page.goto(tenantUrl("harbourside", "/contact"));
    const header = await box(page.getByRole("banner"));
    expect(header.height).toBeLessThanOrEqual(72);
    const logo = await box(page.getByRole("link", { name: "Harbourside Motor Group home" }));
    const saved = await box(page.getByTestId("saved-count-link"));
    const menu = await box(page.getByTestId("menu-button"));
    for (const item of [logo, saved, menu]) {
      expect(item.top).toBeGreaterThanOrEqual(header.top);
      expect(item.bottom).toBeLessThanOrEqual(header.bottom);
    }
    expect(logo.right).toBeLessThanOrEqual(saved.left);
    expect(saved.right).toBeLessThanOrEqual(menu.left);
    await expect(page.getByTestId("header-phone")).toBeHidden();
    await expect(page.getByTestId("locations-dropdown")).toBeHidden();

    await page.getByTestId("menu-button").click();
    const menuPhone = page.getByTestId("menu-phone");
    await expect(menuPhone).toBeVisible();
    await expect(menuPhone).toHaveText("(02) 5550 1200");
    await expect(page.getByTestId("menu-locations")).toBeVisible();
  });

  for (const slug of ["lakeside-auto", "harbourside", "ridgeline-moto"]) {
    test(`${slug}: the vehicle page shows title, price and the primary action above the sticky bar`, async ({ page }) => {
      const vehicle = pickVehicle(slug, withPhotos(3));
      await page.goto(tenantUrl(slug, detailPath(slug, vehicle)));
      const bar = await box(page.getByTestId("vehicle-sticky-actions"));
      expect(Math.round(bar.bottom)).toBe(phone.height);
      await expect(page.getByTestId("sticky-call")).toBeVisible();
      await expect(page.getByTestId("sticky-enquire")).toBeVisible();
      for (const testId of ["vehicle-title", "vehicle-price", "vehicle-button-enquire_now"]) {
        const shown = await box(page.getByTestId(testId));
        expect(shown.top, testId).toBeGreaterThan(0);
        expect(shown.bottom, `${testId} ends above the sticky bar`).toBeLessThanOrEqual(bar.top);
      }
    });
  }

  test("harbourside: at the end of the vehicle page the sticky bar covers neither the last section nor the footer", async ({ page }) => {
    const vehicle = pickVehicle("harbourside", withPhotos(3));
    await page.goto(tenantUrl("harbourside", detailPath("harbourside", vehicle)));
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    await page.keyboard.press("End");
    const bar = await box(page.getByTestId("vehicle-sticky-actions"));
    const similar = await box(page.getByTestId("similar-vehicles"));
    const footer = await box(page.getByRole("contentinfo"));
    expect(bar.top).toBeGreaterThanOrEqual(similar.bottom);
    expect(bar.bottom).toBeLessThanOrEqual(footer.top);
  });
});

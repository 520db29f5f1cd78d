import { expectNoSeriousA11yViolations, tenantUrl, test, expect } from "./support";
import { detailPath, pickVehicle, withFinanceOffer, withPhotos } from "./vehicle-stock";

test.describe("vehicle page accessibility @a11y", () => {
  for (const slug of ["harbourside", "southern-used", "lakeside-auto"]) {
    test(`${slug} vehicle page has no serious axe violations`, async ({ page }) => {
      const vehicle = pickVehicle(slug, withPhotos(2));
      await page.goto(tenantUrl(slug, detailPath(slug, vehicle)));
      await expect(page.getByTestId("vehicle-title")).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }

  test("with the finance disclaimer dialog open", async ({ page, javaScriptEnabled }) => {
    const vehicle = pickVehicle("harbourside", withFinanceOffer);
    await page.goto(tenantUrl("harbourside", detailPath("harbourside", vehicle)));
    // The opener is a link until the page hydrates and a button after (info-dialog.tsx): with JavaScript,
    // wait for the button, or the click can land on the link as React swaps it and do nothing.
    await page.getByRole(javaScriptEnabled ? "button" : "link", { name: "Finance disclaimer" }).click();
    await expect(page.getByRole("dialog", { name: "Finance disclaimer" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("the 404 page for a missing vehicle", async ({ page }) => {
    await page.goto(tenantUrl("southern-used", "/cars/no-such-vehicle"));
    await expect(page.getByRole("heading", { name: "Vehicle not found" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

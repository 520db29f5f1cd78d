import { expectNoSeriousA11yViolations, tenantUrl, test } from "./support";
import { detailPath, pickVehicle, withPhotos } from "./vehicle-stock";

// Axe on the phone layout (sheet open, menu open) of the three tenants tried.
test.describe("shopper pages on a phone @a11y", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const slug of ["harbourside", "outback-4x4", "lakeside-auto"]) {
    test(`${slug}: home, search with the filter sheet open and the vehicle page with the menu open`, async ({ page }) => {
      // Three long pages through axe on a shared 2-core machine.
      test.setTimeout(120_000);
      await page.goto(tenantUrl(slug));
      await expectNoSeriousA11yViolations(page);
      await page.goto(tenantUrl(slug, "/search/used-cars"));
      await page.getByTestId("filters-button").click();
      await expectNoSeriousA11yViolations(page);
      await page.goto(tenantUrl(slug, detailPath(slug, pickVehicle(slug, withPhotos(3)))));
      await page.getByTestId("menu-button").click();
      await expectNoSeriousA11yViolations(page);
    });
  }
});

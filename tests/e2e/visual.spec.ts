import { expect, tenantUrl, test } from "./support";
import { demoTenant, detailPath, pickVehicle, withPhotos } from "./vehicle-stock";
import { defaultSearchPath } from "~/server/search/paths";

/**
 * How the main pages look: the first screen of home, search results, a vehicle and the contact form on
 * three dealers (a car site, a motorcycle site, a US site) on a phone and a laptop, compared with the
 * pictures committed under tests/e2e/__screenshots__. A layout change a shopper would see fails here.
 *
 * The pictures are the server's page (no JavaScript): what every shopper sees first, before any script
 * runs. This project runs before the others (playwright.config.ts), so no other spec has reserved a car
 * or changed stock yet. After an intended change of look: `npm run test:e2e -- --project visual
 * --update-snapshots`, then look at the new pictures before committing them (docs/qa.md).
 */

const TENANTS = ["harbourside", "ridgeline-moto", "lakeside-auto"];
const SCREENS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];

for (const slug of TENANTS) {
  test(`${slug}: home, search results, a vehicle and contact look as committed at 390 and 1440 px @visual`, async ({ page }) => {
    test.setTimeout(120_000);
    const pages = {
      home: "/",
      search: defaultSearchPath(demoTenant(slug)),
      vehicle: detailPath(slug, pickVehicle(slug, withPhotos(3))),
      contact: "/contact",
    };
    for (const screen of SCREENS) {
      await page.setViewportSize(screen);
      for (const [kind, path] of Object.entries(pages)) {
        await page.goto(tenantUrl(slug, path));
        // Today's opening hours change with the clock and promo cards with the day's order: masked.
        await expect.soft(page, `${kind} at ${screen.width} px`).toHaveScreenshot(`${slug}-${kind}-${screen.width}.png`, {
          mask: [page.getByTestId("today-hours"), page.getByTestId("promo-card")],
        });
      }
    }
  });
}

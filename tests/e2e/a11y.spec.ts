import { expectNoSeriousA11yViolations, tenantUrl, test } from "./support";

test.describe("accessibility @a11y", () => {
  for (const slug of ["harbourside", "outback-4x4", "lakeside-auto"]) {
    test(`${slug} home page has no serious axe violations`, async ({ page }) => {
      await page.goto(tenantUrl(slug));
      await expectNoSeriousA11yViolations(page);
    });
  }

  for (const [slug, path] of [
    ["harbourside", "/dealerships"],
    ["lakeside-auto", "/about-us"],
    ["outback-4x4", "/winches"],
  ] as const) {
    test(`${slug} ${path} has no serious axe violations`, async ({ page }) => {
      await page.goto(tenantUrl(slug, path));
      await expectNoSeriousA11yViolations(page);
    });
  }
});

import { expect, expectNoSeriousA11yViolations, tenantUrl, test } from "./support";

test.describe("lead forms accessibility @forms", () => {
  for (const [slug, path] of [
    ["harbourside", "/contact"],
    ["southern-used", "/finance-enquiry"],
    ["lakeside-auto", "/service"],
    ["kiwi-motors", "/trade-in"],
  ] as const) {
    test(`${slug}${path} has no serious violations, before and after a failed submit`, async ({ page }) => {
      await page.goto(tenantUrl(slug, path));
      await expect(page.getByTestId("lead-form")).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.getByTestId("submit").click();
      await expect(page.getByTestId("field-error-name")).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }
});

import { expect, expectNoSeriousA11yViolations, tenantUrl, test } from "./support";

test.describe("search accessibility @search", () => {
  for (const [slug, path] of [
    ["harbourside", "/search/new-used-and-demo-cars"],
    ["harbourside", "/search/toyota?range[price]=20000:40000&page=2"],
    ["coastal-campers", "/search/rvs"],
  ] as const) {
    test(`results page ${slug} ${path} has no serious axe violations`, async ({ page }) => {
      await page.goto(tenantUrl(slug, path));
      await expect(page.getByTestId("vehicle-card").first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }

  test("an empty results page has no serious axe violations", async ({ page }) => {
    await page.goto(tenantUrl("harbourside", "/search/used-cars?page=999"));
    await expect(page.getByTestId("search-empty")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  for (const slug of ["harbourside", "ridgeline-moto"]) {
    test(`the ${slug} search landing has no serious axe violations`, async ({ page }) => {
      await page.goto(tenantUrl(slug, "/search"));
      await expect(page.getByTestId("price-slider")).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }
});

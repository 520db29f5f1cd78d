import { expect, expectNoSeriousA11yViolations, tenantUrl, test } from "./support";

const FLOWS = [
  { path: "/finance/apply", title: "About you" },
  { path: "/trade-in/valuation", title: "Your vehicle" },
  { path: "/sell-my-car/steps", title: "Your vehicle" },
] as const;

test.describe("multi-step flow accessibility @forms", () => {
  for (const flow of FLOWS) {
    test(`${flow.path}: the first step and its error state have no serious axe violations`, async ({ page }) => {
      await page.goto(tenantUrl("southern-used", flow.path));
      await expect(page.getByTestId("step-title")).toHaveText(flow.title);
      await expect(page.getByRole("navigation", { name: "Progress" }).locator('[aria-current="step"]')).toHaveCount(1);
      await expectNoSeriousA11yViolations(page);
      await page.getByTestId("submit").click();
      await expect(page.getByTestId("field-error-Vehicle Make").or(page.getByTestId("field-error-name"))).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }
});

import type { Page } from "@playwright/test";
import { expect, tenantUrl, test } from "./support";

/** The page's address with brackets and colons readable, as the spec writes search URLs. */
function readableUrl(page: Page): string {
  const url = new URL(page.url());
  return decodeURIComponent(`${url.pathname}${url.search}`);
}

async function search(page: Page, text: string): Promise<void> {
  const box = page.getByLabel("Search by make, model or keyword");
  await box.fill(text);
  await box.press("Enter");
}

for (const width of [1280, 390]) {
  test.describe(`search in plain words at ${width} px @search`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("a phrase becomes removable filter chips in a shareable URL", async ({ page }) => {
      await page.goto(tenantUrl("harbourside", "/search/new-used-and-demo-cars"));
      await search(page, "toyota suv under 40k");
      await expect.poll(() => readableUrl(page)).toBe("/search/toyota?refinementList[body][0]=suv&range[price]=:40000");
      const chips = page.getByRole("list", { name: "Applied filters" });
      await expect(chips.getByRole("link", { name: "Remove filter Toyota" })).toBeVisible();
      await expect(chips.getByRole("link", { name: "Remove filter SUV" })).toBeVisible();
      await expect(chips.getByRole("link", { name: "Remove filter Under $40,000" })).toBeVisible();
      const shown = Number(((await page.getByTestId("search-total").textContent()) ?? "").replace(/[^\d]/g, ""));
      expect(shown).toBeGreaterThan(0);
      for (const title of await page.getByTestId("card-title").allTextContents()) expect(title).toContain("Toyota");
      await chips.getByRole("link", { name: "Remove filter SUV" }).click();
      await expect.poll(() => readableUrl(page)).toBe("/search/toyota?range[price]=:40000");
    });

    test("suggestions while typing: the understood filters and a count, chosen by keyboard @js-only", async ({ page }) => {
      await page.goto(tenantUrl("harbourside", "/search/new-used-and-demo-cars"));
      const box = page.getByRole("combobox", { name: "Search by make, model or keyword" });
      await box.pressSequentially("toyota suv under 40k");
      const option = page.getByRole("option");
      await expect(option).toHaveText(/^Toyota · SUV · Under \$40,000 — [\d,]+ cars$/);
      await expect(box).toHaveAttribute("aria-expanded", "true");
      await box.press("ArrowDown");
      await expect(option).toHaveAttribute("aria-selected", "true");
      await expect(box).toHaveAttribute("aria-activedescendant", (await option.getAttribute("id")) ?? "");
      await box.press("Enter");
      await expect.poll(() => readableUrl(page)).toBe("/search/toyota?refinementList[body][0]=suv&range[price]=:40000");
      const count = Number(((await page.getByTestId("search-total").textContent()) ?? "").replace(/[^\d]/g, ""));
      expect(count).toBeGreaterThan(0);
    });

    test("a model another site sells is said, and the body shown instead", async ({ page }) => {
      await page.goto(tenantUrl("kiwi-motors", "/search/new-used-and-demo-cars"));
      await search(page, "white hiace");
      await expect(page.getByTestId("keyword-notices")).toHaveText("No 'hiace' on this site — showing all vans");
      await expect.poll(() => readableUrl(page)).toMatch(/^\/search\/van\?refinementList\[colour\]\[0\]=White/);
      await expect(page.getByRole("link", { name: "Remove filter White" })).toBeVisible();
    });
  });
}

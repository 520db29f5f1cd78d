import { expect, tenantUrl, test } from "./support";

test.describe("content pages", () => {
  test("outback-4x4's Products dropdown leads to a product category page", async ({ page }) => {
    await page.goto(tenantUrl("outback-4x4"));
    const products = page.getByTestId("nav-dropdown").filter({ has: page.locator("summary", { hasText: "Products" }) });
    await products.locator("summary").click();
    const winches = products.getByRole("link", { name: "Winches", exact: true });
    await expect(winches).toBeVisible();
    await winches.click();
    await expect(page).toHaveURL(/\/winches$/);
    await expect(page.getByRole("heading", { level: 1, name: "Winches" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Book a fitting" })).toHaveAttribute("href", "/service");
  });

  test("harbourside's /dealerships lists five locations ordered sales, service, parts", async ({ page, javaScriptEnabled }) => {
    await page.goto(tenantUrl("harbourside", "/dealerships"));
    await expect(page.getByRole("heading", { level: 1, name: "Our Dealerships" })).toBeVisible();
    const groups = page.getByTestId("location-group");
    await expect(groups).toHaveCount(3);
    await expect(groups.locator("> h2")).toHaveText(["Sales", "Service", "Parts"]);
    const cards = page.getByTestId("location-card");
    await expect(cards).toHaveCount(5);
    await expect(cards.locator("h3")).toHaveText([
      "Harbourside Toyota - Sales",
      "Harbourside Mazda - Sales",
      "Harbourside Hyundai - Sales",
      "Harbourside Service Centre",
      "Harbourside Genuine Parts",
    ]);
    const directions = cards.first().getByRole("link", { name: /Get directions/ });
    await expect(directions).toHaveAttribute("target", "_blank");
    // Without JavaScript calls and directions go through /go/* (recorded, then redirected).
    await expect(directions).toHaveAttribute("href", /^\/go\/directions\?location=harbourside-/);
    await expect(cards.first().getByRole("link", { name: /Call Harbourside Toyota/ })).toHaveAttribute(
      "href",
      javaScriptEnabled ? "tel:0255501200" : "/go/call?to=0255501200&from=%2Fdealerships",
    );
    await expect(cards.first().getByTestId("opening-hours")).toBeVisible();
  });

  test("an unknown page shows the friendly 404", async ({ page }) => {
    const response = await page.goto(tenantUrl("harbourside", "/no-such-page"));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  });
});

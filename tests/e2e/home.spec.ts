import { expect, tenantUrl, test } from "./support";

const tenants = [
  ["harbourside", "Harbourside Motor Group"],
  ["southern-used", "Southern Cross Used Cars"],
  ["ridgeline-moto", "Ridgeline Motorcycles"],
  ["coastal-campers", "Coastal Campers & RVs"],
  ["outback-4x4", "Outback 4x4 Accessories"],
  ["kiwi-motors", "Kiwi Motors"],
  ["lakeside-auto", "Lakeside Auto"],
] as const;

test.describe("home pages @smoke", () => {
  for (const [slug, name] of tenants) {
    test(`${slug} shows its own name`, async ({ page }) => {
      await page.goto(tenantUrl(slug));
      await expect(page.getByTestId("home-title")).toHaveText(name);
      await expect(page.getByTestId("site-name")).toHaveText(name);
      await expect(page.getByRole("search")).toBeVisible();
    });
  }

  test("a header dropdown opens by click or keyboard, with or without JavaScript", async ({ page }) => {
    await page.goto(tenantUrl("outback-4x4"));
    const dropdown = page.getByTestId("nav-dropdown").first();
    const firstLink = dropdown.locator(".nav-menu a").first();
    await expect(firstLink).toBeHidden();
    await dropdown.locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(firstLink).toBeVisible();
  });

  test("the phone number is a tel: link (through /go/call without JavaScript)", async ({ page, javaScriptEnabled }) => {
    await page.goto(tenantUrl("kiwi-motors"));
    await expect(page.getByTestId("header-phone")).toHaveAttribute(
      "href",
      javaScriptEnabled ? /^tel:\+?\d+$/ : /^\/go\/call\?to=(%2B)?\d+&from=%2F$/,
    );
  });
});

import { expect, tenantUrl, test } from "./support";

// Brand pages and the booking forms, with JavaScript on and off (the no-js project runs them too).
// Slots and deposits need the fake dealer API and fake Stripe: they are covered over HTTP by
// tests/integration/bookings-slots.test.ts and deposits-stripe.test.ts, and by DEMO_FAKES=1 by hand.

test("a brand page lists the range from stock and a model's count leads to its search", async ({ page }) => {
  await page.goto(tenantUrl("harbourside", "/brands/toyota"));
  await expect(page.getByRole("heading", { level: 1, name: "Toyota range" })).toBeVisible();
  const hilux = page.getByTestId("range-model").filter({ has: page.getByRole("link", { name: "Toyota HiLux" }) });
  const count = hilux.getByTestId("in-stock");
  await expect(count).toHaveText(/^\d+ in stock$/);
  await count.click();
  await expect(page).toHaveURL(/\/search\/toyota\/hilux$/);
});

test("a model page shows its stock and an enquiry pre-filled with the model", async ({ page }) => {
  await page.goto(tenantUrl("harbourside", "/brands/mazda/cx-5"));
  await expect(page.getByRole("heading", { level: 1, name: "Mazda CX-5" })).toBeVisible();
  await expect(page.getByTestId("vehicle-card").first()).toBeVisible();
  await expect(page.getByLabel(/Message/)).toHaveValue(/I'm interested in the Mazda CX-5\./);
});

test("without a dealer calendar, Book a Test Drive keeps its optional date and shows no slot list", async ({ page }) => {
  await page.goto(tenantUrl("harbourside", "/book-test-drive"));
  await expect(page.getByLabel("Preferred Date")).toBeVisible();
  await expect(page.getByTestId("slot-picker")).toHaveCount(0);
});

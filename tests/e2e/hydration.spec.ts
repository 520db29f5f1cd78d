import type { Page } from "@playwright/test";
import { expect, tenantUrl, test } from "./support";

/**
 * The server draws in-site links as plain <a href> and the browser's render turns them into
 * client-side links (app/components/site-link.tsx). Hydration must adopt the server's page without
 * an error, and a shopper following links afterwards stays in the same document: each next page is
 * one data request, not a new page load.
 */

/**
 * Errors the page's scripts raised or logged (React reports a failed hydration through both). A
 * resource the browser could not fetch is not one: tag and map hosts do not resolve on a test machine.
 */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) errors.push(message.text());
  });
  return errors;
}

/** Marks the current document, so a later check can tell whether the browser loaded a new one. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
}

async function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
}

test("harbourside: search, sort, a vehicle and home hydrate without an error and follow links in one document @js-only", async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.goto(tenantUrl("harbourside", "/search/new-used-and-demo-cars"));
  await page.waitForLoadState("networkidle");
  await markDocument(page);

  await page.getByRole("navigation", { name: "Sort" }).getByRole("link", { name: "Lowest Price", exact: true }).click();
  await expect(page).toHaveURL(/sortBy=price(:|%3A)asc/);
  await expect(page.getByRole("navigation", { name: "Sort" }).getByRole("link", { name: "Lowest Price", exact: true })).toHaveAttribute(
    "aria-current",
    "true",
  );
  expect(await sameDocument(page)).toBe(true);

  const pager = page.getByRole("navigation", { name: "Pages" });
  await pager.getByRole("link", { name: "Next", exact: true }).click();
  await expect(pager.getByRole("link", { name: "Page 2", exact: true })).toHaveAttribute("aria-current", "page");
  expect(await sameDocument(page)).toBe(true);

  const firstCard = page.getByRole("main").getByRole("article").first();
  const title = (await firstCard.getByRole("heading").textContent())?.trim() ?? "";
  await firstCard.getByRole("link", { name: title, exact: true }).click();
  await expect(page).toHaveURL(/\/cars\//);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  expect(await sameDocument(page)).toBe(true);
  // JSON-LD is for search engines, which read documents: a page reached inside the document has none,
  // so none describes another page.
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);

  await page.getByRole("link", { name: "Harbourside Motor Group home" }).click();
  await expect(page).toHaveURL(tenantUrl("harbourside", "/"));
  expect(await sameDocument(page)).toBe(true);

  for (const path of ["/about-us", "/contact"]) {
    await page.goto(tenantUrl("harbourside", path));
    await page.waitForLoadState("networkidle");
  }
  // The contact document's dealer JSON-LD is still there once hydrated.
  await expect(page.locator('script[type="application/ld+json"][data-testid="dealer-json-ld"]')).toHaveCount(1);
  expect(errors).toEqual([]);
});

test("harbourside: the results page's server-drawn cards save a car in place, focus kept, and open a car in the same document @js-only", async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.goto(tenantUrl("harbourside", "/search/used-cars"));
  await page.waitForLoadState("networkidle");
  await markDocument(page);

  const card = page.getByRole("main").getByRole("article").nth(1);
  const title = (await card.getByRole("heading").textContent())?.trim() ?? "";
  await card.getByRole("button", { name: `Save ${title}` }).focus();
  await page.keyboard.press("Enter");
  await expect(card.getByRole("button", { name: `Remove ${title} from saved` })).toBeFocused();
  await expect(page.getByTestId("saved-count")).toHaveText("1");
  expect(page.url()).not.toContain("#save-car-");
  expect(await sameDocument(page)).toBe(true);

  await card.getByRole("link", { name: title, exact: true }).click();
  await expect(page).toHaveURL(/\/cars\//);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  expect(await sameDocument(page)).toBe(true);

  // Back on the results, now drawn by React from the navigation's data: the saved heart stays filled.
  await page.goBack();
  await expect(
    page
      .getByRole("main")
      .getByRole("article")
      .nth(1)
      .getByRole("button", { name: `Remove ${title} from saved` }),
  ).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
  expect(errors).toEqual([]);
});

test("harbourside: a heart pressed while the results page is still starting up saves the car all the same @js-only", async ({ page }) => {
  await page.goto(tenantUrl("harbourside", "/search/used-cars"), { waitUntil: "domcontentloaded" });
  const card = page.getByRole("main").getByRole("article").nth(2);
  const title = (await card.getByRole("heading").textContent())?.trim() ?? "";
  // Pressed as soon as it is drawn: before, during or after hydration, the press posts (the form's 303
  // or the fetcher) and is never lost to an element swapped under the pointer.
  const saved = page.waitForResponse((response) => response.url().includes("/saved-cars") && response.request().method() === "POST");
  await card.getByRole("button", { name: `Save ${title}` }).click();
  await saved;
  await expect(page.getByRole("button", { name: `Remove ${title} from saved` }).first()).toBeVisible();
  await expect(page.getByTestId("saved-count")).toHaveText("1");
});

import type { Page, TestInfo } from "@playwright/test";
import { expect, tenantUrl, test } from "./support";
import { detailPath, pickVehicle, withPhotos } from "./vehicle-stock";

// The shopper's site on a phone and a laptop, with JavaScript on and off (the two projects).
const phone = { width: 390, height: 844 };
const laptop = { width: 1366, height: 900 };

async function attachScreenshot(page: Page, testInfo: TestInfo, name: string) {
  await testInfo.attach(`${name} (${testInfo.project.name})`, {
    body: await page.screenshot({ fullPage: false }),
    contentType: "image/png",
  });
}

test.describe("search on a phone @shop", () => {
  test.use({ viewport: phone });

  test("harbourside: count, sort and Filters are on the first screen; the sheet opens and closes; a chip removes its filter", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    await page.goto(tenantUrl("harbourside", "/search/used-cars?range[price]=10000:40000"));
    await expect(page.getByTestId("search-total")).toBeInViewport();
    await expect(page.getByTestId("sort-options")).toBeInViewport();
    const button = page.getByTestId("filters-button");
    await expect(button).toBeInViewport();
    await expect(page.getByTestId("filters-count")).toHaveText("2 applied");
    await expect(page.getByTestId("search-filters")).toBeHidden();
    await expect(page.getByTestId("facet-price").getByLabel("Min")).toHaveAttribute("placeholder", /^\$\d{1,3}(,\d{3})*$/);
    await attachScreenshot(page, testInfo, "search 390");

    await button.click();
    const sheet = page.getByTestId("filters-sheet");
    await expect(sheet.getByTestId("facet-make")).toBeInViewport();
    const box = await sheet.boundingBox();
    expect(box?.height).toBe(phone.height);
    if (javaScriptEnabled) {
      await expect(page.getByRole("dialog", { name: "Filters" })).toBeVisible();
      await expect(page.getByTestId("filters-close")).toBeFocused();
      // Focus stays inside: Shift+Tab from the first control wraps to the last.
      await page.keyboard.press("Shift+Tab");
      await expect(page.getByTestId("filters-show-results")).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("search-filters")).toBeHidden();
      await expect(button).toBeFocused();
    } else {
      expect(new URL(page.url()).hash).toBe("#filters");
      await page.getByTestId("filters-close").click();
      await expect(page.getByTestId("search-filters")).toBeHidden();
    }

    const chips = page.getByTestId("applied-filter");
    await expect(chips).toHaveText(["Remove filter Used×", "Remove filter $10,000 to $40,000×"]);
    await chips.filter({ hasText: "$10,000 to $40,000" }).click();
    await expect(page).toHaveURL(/\/search\/used-cars\?q=$/);
    await expect(page.getByTestId("search-total")).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId("applied-filter")).toHaveCount(1);
  });

  test("harbourside: a promo card sits between the results only for the car types it is shown for", async ({ page }) => {
    await page.goto(tenantUrl("harbourside", "/search/new-cars"));
    const results = page.getByTestId("search-results");
    const promo = results.locator('[data-promo-id="new-car-finance"]');
    await expect(promo).toHaveCount(1);
    // A card, not a picture over white: title, one line and its button, its picture filling the rest of
    // a row as tall as the vehicle cards beside it.
    await expect(promo.getByText("Low-rate finance on new cars", { exact: true })).toBeVisible();
    await expect(promo.getByText("Fixed rates on new Toyota, Mazda and Hyundai, approved in a day.")).toBeVisible();
    await expect(promo.getByText("Get a quote", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: /Low-rate finance on new cars.*Get a quote/ })).toHaveAttribute("href", "/finance");
    // On a laptop the card shares a row with vehicle cards and is as tall as the tallest of them.
    await page.setViewportSize({ width: 1280, height: 900 });
    await promo.scrollIntoViewIfNeeded();
    const row = await promo.evaluate((card) => {
      const top = card.getBoundingClientRect().top;
      const siblings = [...(card.parentElement?.children ?? [])].filter(
        (item) => item !== card && Math.abs(item.getBoundingClientRect().top - top) <= 2,
      );
      return { card: card.getBoundingClientRect().height, others: siblings.map((item) => item.getBoundingClientRect().height) };
    });
    expect(row.others.length).toBeGreaterThan(0);
    expect(Math.abs(row.card - Math.max(...row.others))).toBeLessThanOrEqual(2);
    const pictureBox = await promo.getByRole("img").boundingBox();
    const titleBox = await promo.getByText("Low-rate finance on new cars", { exact: true }).boundingBox();
    expect(pictureBox && titleBox && titleBox.y - (pictureBox.y + pictureBox.height)).toBeLessThanOrEqual(20);
    // No block of white under the words: the button ends the card, its padding apart.
    const cardBox = await promo.boundingBox();
    const buttonBox = await promo.getByText("Get a quote", { exact: true }).boundingBox();
    expect(cardBox && buttonBox && cardBox.y + cardBox.height - (buttonBox.y + buttonBox.height)).toBeLessThanOrEqual(20);
    await page.goto(tenantUrl("harbourside", "/search/used-cars"));
    await expect(page.getByTestId("search-results").getByTestId("promo-card").first()).toBeVisible();
    await expect(page.locator('[data-promo-id="new-car-finance"]')).toHaveCount(0);
  });
});

test.describe("search on a laptop @shop", () => {
  test.use({ viewport: laptop });

  test("lakeside-auto keeps the side panel and shows no Filters button", async ({ page }) => {
    await page.goto(tenantUrl("lakeside-auto", "/search/used-cars"));
    await expect(page.getByTestId("search-filters")).toBeVisible();
    await expect(page.getByTestId("filters-button")).toBeHidden();
    await expect(page.getByTestId("facet-km").getByLabel("Max")).toHaveAttribute("placeholder", /^\d{1,3}(,\d{3})* mi$/);
  });
});

test.describe("vehicle page @shop", () => {
  test("phone (lakeside-auto): menu button, thumbnails, sticky Call and Inquire, the dialog names the car and its location", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    await page.setViewportSize(phone);
    const vehicle = pickVehicle("lakeside-auto", withPhotos(3));
    await page.goto(tenantUrl("lakeside-auto", detailPath("lakeside-auto", vehicle)));
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav).toBeHidden();
    await page.getByTestId("menu-button").click();
    await expect(nav.getByRole("link", { name: "Home" })).toBeVisible();
    await page.getByTestId("menu-button").click();

    const thumbnails = page.getByTestId("gallery-thumbnail");
    await expect(thumbnails).toHaveCount(vehicle.images.length);
    if (javaScriptEnabled) {
      await thumbnails.nth(1).click();
      await expect(page.getByTestId("gallery-position")).toHaveText(`2 of ${vehicle.images.length}`);
      await expect(thumbnails.nth(1)).toHaveAttribute("aria-current", "true");
    } else {
      await expect(thumbnails.nth(1)).toHaveAttribute("href", "#photo-2");
    }

    const bar = page.getByTestId("vehicle-sticky-actions");
    await page.getByTestId("vehicle-description").scrollIntoViewIfNeeded();
    await expect(bar).toBeInViewport();
    const barBox = await bar.boundingBox();
    expect(Math.round((barBox?.y ?? 0) + (barBox?.height ?? 0))).toBe(phone.height);
    await expect(bar.getByTestId("sticky-call")).toHaveText("Call");
    await attachScreenshot(page, testInfo, "vehicle 390");
    await bar.getByTestId("sticky-enquire").click();
    const dialog = page.getByTestId("enquire-dialog");
    await expect(dialog.getByTestId("enquire-dialog-subtitle")).toContainText(`${vehicle.year} ${vehicle.make} ${vehicle.model}`);
    await expect(dialog.getByTestId("field-location")).toHaveValue(String(vehicle.location_id));
  });

  test("laptop (harbourside): one primary action, two secondary, the rest compact; the description starts under the gallery", async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(laptop);
    const vehicle = pickVehicle("harbourside", withPhotos(3));
    await page.goto(tenantUrl("harbourside", detailPath("harbourside", vehicle)));
    await expect(page.getByTestId("vehicle-sticky-actions")).toBeHidden();
    const enquire = await page.getByTestId("vehicle-button-enquire_now").boundingBox();
    const call = await page.getByTestId("vehicle-button-call_us_now").boundingBox();
    const testDrive = await page.getByTestId("vehicle-button-book_test_drive").boundingBox();
    expect(call?.y).toBe(testDrive?.y);
    expect(enquire!.width).toBeGreaterThan(call!.width * 1.8);
    expect(enquire!.y).toBeLessThan(call!.y);
    const gallery = await page.getByTestId("gallery-thumbnails").boundingBox();
    const description = await page.getByTestId("vehicle-description").boundingBox();
    expect(description!.y - (gallery!.y + gallery!.height)).toBeLessThan(80);
    await attachScreenshot(page, testInfo, "vehicle 1366");
  });
});

test.describe("home per template @shop", () => {
  test("outback-4x4 on a phone: the 450 px-tall slider, the landing section, product categories, promo cards, today's hours", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    await page.setViewportSize(phone);
    await page.goto(tenantUrl("outback-4x4"));
    const slider = page.getByTestId("promo-slider");
    await expect(slider.getByTestId("promo-slide")).toHaveCount(2);
    await expect(slider.getByTestId("discover-the-range").first()).toHaveText("Discover the Range: Suspension Lifts");
    if (javaScriptEnabled) {
      // Autoplay is off until the shopper asks for it.
      await expect(page.getByTestId("slider-play")).toHaveAttribute("aria-pressed", "false");
      await page.getByTestId("slider-next").click();
      await expect(slider.getByTestId("promo-slide").nth(1)).toBeInViewport({ ratio: 0.9 });
    } else {
      await expect(page.getByTestId("slider-next")).toHaveCount(0);
    }
    const landing = page.getByTestId("landing-section");
    await expect(landing.getByRole("link", { name: "View Our Cars" })).toHaveAttribute("href", "/search/4x4");
    await expect(landing.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
    await expect(page.getByTestId("product-categories").getByRole("link", { name: "Suspension" })).toHaveAttribute("href", "/suspension");
    await expect(page.getByTestId("featured-stock")).toContainText("Featured 4x4s");
    await expect(page.getByTestId("today-hours")).toHaveText(/^(Open today \d|Closed today)/);
    await attachScreenshot(page, testInfo, "home 390");
  });

  test("harbourside on a laptop: 540 px slider without the hidden slide, promo card rules, reviews of 5 only with 290 / 4.3", async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(laptop);
    await page.goto(tenantUrl("harbourside"));
    const slides = page.getByTestId("promo-slide");
    await expect(slides).toHaveCount(2);
    expect((await slides.first().boundingBox())?.height).toBe(540);
    // Positioned card first; the strict new-car card and the expired one are not on the home page.
    const cards = page.getByTestId("promo-cards").getByTestId("promo-card");
    await expect(cards.first()).toHaveAttribute("data-promo-id", "service-plan");
    await expect(page.locator('[data-promo-id="new-car-finance"], [data-promo-id="winter-sale"]')).toHaveCount(0);
    await expect(page.getByTestId("reviews-summary")).toContainText("4.3 out of 5 from 290 reviews");
    await expect(page.getByTestId("review")).toHaveCount(12);
    for (const rating of await page.getByTestId("review").allTextContents()) expect(rating).toContain("Rated 5 out of 5");
    // A rating left without words says so rather than showing an empty card.
    await expect(page.getByTestId("review-rating-only")).toHaveCount(2);
    await expect(page.getByTestId("review-rating-only").first()).toHaveText("Rated us 5 out of 5, without a written review.");
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(jsonLd.some((text) => text.includes('"aggregateRating":{"@type":"AggregateRating","ratingValue":4.3,"reviewCount":290'))).toBe(
      true,
    );
    await attachScreenshot(page, testInfo, "home 1366");
  });
});

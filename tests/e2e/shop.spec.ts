import type { Page, TestInfo } from "@playwright/test";
import { expect, tenantUrl, test } from "./support";
import { detailPath, pickVehicle, withPhotos } from "./vehicle-stock";

// The shopper's site on a phone and a laptop, with JavaScript on and off (the two projects).
const phone = { width: 390, height: 844 };
const laptop = { width: 1366, height: 900 };

/** The results count above the list ('882 cars'): the one line that is just a number of cars. */
function resultsTotal(page: Page) {
  return page.getByRole("main").getByText(/^[\d,]+ cars?$/);
}

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
    await expect(resultsTotal(page)).toBeInViewport();
    await expect(page.getByRole("navigation", { name: "Sort" })).toBeInViewport();
    // A button opening the sheet with JavaScript, a link to it (#filters) without (filters-sheet.tsx); its name counts the filters.
    const button = page.getByRole(javaScriptEnabled ? "button" : "link", { name: /^Filters/ });
    await expect(button).toBeInViewport();
    await expect(button).toHaveAccessibleName("Filters 2 applied");
    const filters = page.getByRole("form", { name: "Filters", includeHidden: true });
    await expect(filters).toBeHidden();
    await expect(filters.getByRole("group", { name: "Price", includeHidden: true }).getByLabel("Min")).toHaveAttribute(
      "placeholder",
      /^\$\d{1,3}(,\d{3})*$/,
    );
    await attachScreenshot(page, testInfo, "search 390");

    await button.click();
    // The sheet is a dialog only with JavaScript; without it the panel that #filters shows.
    const sheet = page.getByTestId("filters-sheet");
    await expect(sheet.getByRole("group", { name: "Make" })).toBeInViewport();
    const box = await sheet.boundingBox();
    expect(box?.height).toBe(phone.height);
    if (javaScriptEnabled) {
      const dialog = page.getByRole("dialog", { name: "Filters" });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("button", { name: "Close", exact: true })).toBeFocused();
      // Focus stays inside: Shift+Tab from the first control wraps to the last.
      await page.keyboard.press("Shift+Tab");
      await expect(dialog.getByRole("button", { name: /^Show [\d,]+ cars?$/ })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(filters).toBeHidden();
      await expect(button).toBeFocused();
    } else {
      expect(new URL(page.url()).hash).toBe("#filters");
      await sheet.getByRole("link", { name: "Close", exact: true }).click();
      await expect(filters).toBeHidden();
    }

    const chips = page.getByRole("list", { name: "Applied filters" }).getByRole("link", { name: /^Remove filter / });
    await expect(chips).toHaveText(["Remove filter Used×", "Remove filter $10,000 to $40,000×"]);
    await chips.filter({ hasText: "$10,000 to $40,000" }).click();
    await expect(page).toHaveURL(/\/search\/used-cars\?q=$/);
    await expect(resultsTotal(page)).toBeVisible({ timeout: 15_000 });
    await expect(chips).toHaveCount(1);
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
    const filters = page.getByRole("form", { name: "Filters" });
    await expect(filters).toBeVisible();
    // Neither the button (JavaScript) nor the link (without) that opens the sheet on a phone.
    await expect(page.getByRole("button", { name: /^Filters/ }).or(page.getByRole("link", { name: /^Filters/ }))).toBeHidden();
    await expect(filters.getByRole("group", { name: "Miles" }).getByLabel("Max")).toHaveAttribute("placeholder", /^\d{1,3}(,\d{3})* mi$/);
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
    // The menu opens from a <summary>, which has no role of its own.
    const menu = page.getByRole("banner").getByText("Menu", { exact: true });
    await menu.click();
    await expect(nav.getByRole("link", { name: "Home" })).toBeVisible();
    await menu.click();

    // Each thumbnail is a button moving the gallery with JavaScript, a link to its photo without (gallery.tsx).
    const thumbnails = page.getByRole("list", { name: "All photos" }).getByRole(javaScriptEnabled ? "button" : "link");
    await expect(thumbnails).toHaveCount(vehicle.images.length);
    if (javaScriptEnabled) {
      await thumbnails.nth(1).click();
      await expect(page.getByText(`2 of ${vehicle.images.length}`, { exact: true })).toBeVisible();
      await expect(thumbnails.nth(1)).toHaveAttribute("aria-current", "true");
    } else {
      await expect(thumbnails.nth(1)).toHaveAttribute("href", "#photo-2");
    }

    const bar = page.getByTestId("vehicle-sticky-actions");
    await page.getByRole("region", { name: "Description" }).scrollIntoViewIfNeeded();
    await expect(bar).toBeInViewport();
    const barBox = await bar.boundingBox();
    expect(Math.round((barBox?.y ?? 0) + (barBox?.height ?? 0))).toBe(phone.height);
    await expect(bar.getByRole("link", { name: "Call", exact: true })).toHaveText("Call");
    await attachScreenshot(page, testInfo, "vehicle 390");
    await bar.getByRole("link", { name: "Inquire", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Submit an inquiry" });
    await expect(dialog.getByTestId("enquire-dialog-subtitle")).toContainText(`${vehicle.year} ${vehicle.make} ${vehicle.model}`);
    await expect(dialog.getByRole("combobox", { name: "Location", exact: true })).toHaveValue(String(vehicle.location_id));
  });

  test("laptop (harbourside): one primary action, two secondary, the rest compact; the description starts under the gallery", async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(laptop);
    const vehicle = pickVehicle("harbourside", withPhotos(3));
    await page.goto(tenantUrl("harbourside", detailPath("harbourside", vehicle)));
    await expect(page.getByTestId("vehicle-sticky-actions")).toBeHidden();
    const enquire = await page.getByRole("link", { name: "Enquire now", exact: true }).boundingBox();
    const call = await page.getByRole("link", { name: "Call us now", exact: true }).boundingBox();
    const testDrive = await page.getByRole("link", { name: "Book a test drive", exact: true }).boundingBox();
    expect(call?.y).toBe(testDrive?.y);
    expect(enquire!.width).toBeGreaterThan(call!.width * 1.8);
    expect(enquire!.y).toBeLessThan(call!.y);
    const gallery = await page.getByRole("list", { name: "All photos" }).boundingBox();
    const description = await page.getByRole("region", { name: "Description" }).boundingBox();
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
    const slider = page.getByRole("region", { name: "Promotions" });
    const slides = slider.getByRole("listitem");
    await expect(slides).toHaveCount(2);
    await expect(slider.getByRole("link", { name: /^Discover the Range/ }).first()).toHaveText("Discover the Range: Suspension Lifts");
    const next = slider.getByRole("button", { name: "Next promotion", includeHidden: true });
    if (javaScriptEnabled) {
      // Autoplay is off until the shopper asks for it.
      await expect(slider.getByRole("button", { name: "Play" })).toHaveAttribute("aria-pressed", "false");
      await next.click();
      await expect(slides.nth(1)).toBeInViewport({ ratio: 0.9 });
    } else {
      await expect(next).toHaveCount(0);
    }
    const landing = page.getByRole("region", { name: "Built for the Outback" });
    await expect(landing.getByRole("link", { name: "View Our Cars" })).toHaveAttribute("href", "/search/4x4");
    await expect(landing.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
    await expect(page.getByRole("region", { name: "Shop our products" }).getByRole("link", { name: "Suspension" })).toHaveAttribute(
      "href",
      "/suspension",
    );
    await expect(page.getByRole("region", { name: "Featured 4x4s" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Visit us" }).getByText(/^(Open today \d|Closed today)/)).toBeVisible();
    await attachScreenshot(page, testInfo, "home 390");
  });

  test("harbourside on a laptop: 540 px slider without the hidden slide, promo card rules, reviews of 5 only with 290 / 4.3", async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(laptop);
    await page.goto(tenantUrl("harbourside"));
    const slides = page.getByRole("region", { name: "Promotions" }).getByRole("listitem");
    await expect(slides).toHaveCount(2);
    expect((await slides.first().boundingBox())?.height).toBe(540);
    // Positioned card first; the strict new-car card and the expired one are not on the home page.
    const cards = page.getByRole("region", { name: "Offers and services" }).getByTestId("promo-card");
    await expect(cards.first()).toHaveAttribute("data-promo-id", "service-plan");
    await expect(page.locator('[data-promo-id="new-car-finance"], [data-promo-id="winter-sale"]')).toHaveCount(0);
    const reviewsBlock = page.getByRole("region", { name: "What our customers say" });
    await expect(reviewsBlock.getByText("4.3 out of 5 from 290 reviews")).toBeVisible();
    const reviews = reviewsBlock.getByRole("list", { name: /^Reviews/ }).getByRole("listitem");
    await expect(reviews).toHaveCount(12);
    for (const rating of await reviews.allTextContents()) expect(rating).toContain("Rated 5 out of 5");
    // A rating left without words says so rather than showing an empty card.
    const ratingOnly = reviews.getByText(/, without a written review\.$/);
    await expect(ratingOnly).toHaveCount(2);
    await expect(ratingOnly.first()).toHaveText("Rated us 5 out of 5, without a written review.");
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(jsonLd.some((text) => text.includes('"aggregateRating":{"@type":"AggregateRating","ratingValue":4.3,"reviewCount":290'))).toBe(
      true,
    );
    await attachScreenshot(page, testInfo, "home 1366");
  });
});

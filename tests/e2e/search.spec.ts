import type { Page } from "@playwright/test";
import { expect, tenantUrl, test } from "./support";

/** The page's address with brackets and colons readable, as the spec writes search URLs. */
function readableUrl(page: Page): string {
  const url = new URL(page.url());
  return decodeURIComponent(`${url.pathname}${url.search}`);
}

/** The results count above the list ('882 cars', '64 motorcycles'): the one line that is just a number of vehicles. */
async function total(page: Page): Promise<number> {
  const text =
    (await page
      .getByRole("main")
      .getByText(/^[\d,]+ (car|motorcycle|camper|4x4|truck)s?$/)
      .textContent()) ?? "";
  return Number(text.replace(/[^\d]/g, ""));
}

/** The result cards: each vehicle is an article (vehicle-card.tsx). */
function cards(page: Page) {
  return page.getByRole("main").getByRole("article");
}

async function firstCardId(page: Page): Promise<string | null> {
  return cards(page).first().getAttribute("data-vehicle-id");
}

/** The filter panel's form and one of its facets (a fieldset named by its legend). */
function filterPanel(page: Page) {
  return page.getByRole("form", { name: "Filters" });
}

function facet(page: Page, name: string) {
  return filterPanel(page).getByRole("group", { name, exact: true });
}

const filterCases = [
  { slug: "harbourside", listing: "/search/new-used-and-demo-cars", make: "Toyota", makePath: "/search/toyota" },
  { slug: "ridgeline-moto", listing: "/search/motorcycles", make: "Kawasaki", makePath: "/search/kawasaki" },
] as const;

test.describe("search results @search", () => {
  for (const { slug, listing, make, makePath } of filterCases) {
    test(`${slug}: a make and a price range narrow the results, in a spec-form URL`, async ({ page, javaScriptEnabled }) => {
      await page.goto(tenantUrl(slug, listing));
      const before = await total(page);
      expect(before).toBeGreaterThan(0);
      await facet(page, "Make")
        .getByLabel(new RegExp(`^${make}\\b`))
        .check();
      if (javaScriptEnabled) await expect(page).toHaveURL((url) => url.pathname === makePath);
      const price = facet(page, "Price");
      await price.getByLabel("Min").fill("5000");
      await price.getByLabel("Max").fill("30000");
      if (javaScriptEnabled) {
        // With JavaScript the form applies itself once the shopper leaves the field (400 ms later).
        await price.getByLabel("Max").press("Tab");
      } else {
        await filterPanel(page).getByRole("button", { name: "Apply", exact: true }).click();
      }
      await expect.poll(() => readableUrl(page)).toBe(`${makePath}?range[price]=5000:30000`);
      const after = await total(page);
      expect(after).toBeGreaterThan(0);
      expect(after).toBeLessThan(before);
      const cardTitles = cards(page).getByRole("heading", { level: 2 });
      await expect(cardTitles).toHaveCount(Math.min(after, 21));
      const titles = await cardTitles.allTextContents();
      for (const title of titles) expect(title).toContain(make);
      await expect(facet(page, "Make").getByLabel(new RegExp(`^${make}\\b`))).toBeChecked();
    });
  }

  test("@js-only a price typed while the previous filter is still loading is kept", async ({ page }) => {
    await page.goto(tenantUrl("harbourside", "/search/new-used-and-demo-cars"));
    // A slow connection: every search the page asks for takes 1.5 s to arrive.
    await page.route(
      (url) => url.searchParams.has("_data"),
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue();
      },
    );
    await facet(page, "Make")
      .getByLabel(/^Toyota\b/)
      .check();
    const price = facet(page, "Price");
    await price.getByLabel("Min").fill("5000");
    await expect(page).toHaveURL((url) => url.pathname === "/search/toyota", { timeout: 10_000 });
    await expect(price.getByLabel("Min")).toHaveValue("5000");
    await price.getByLabel("Max").fill("30000");
    await price.getByLabel("Max").press("Tab");
    await expect.poll(() => readableUrl(page), { timeout: 10_000 }).toBe("/search/toyota?range[price]=5000:30000");
    await expect(price.getByLabel("Min")).toHaveValue("5000");
  });

  test("a chip or Clear all resets the filter fields to the new search", async ({ page }) => {
    await page.goto(tenantUrl("harbourside", "/search/toyota?range[price]=5000:30000"));
    const price = facet(page, "Price");
    await expect(price.getByLabel("Min")).toHaveValue("5000");
    await filterPanel(page).getByRole("link", { name: "Clear all", exact: true }).click();
    await expect.poll(() => readableUrl(page)).not.toContain("range[price]");
    await expect(facet(page, "Price").getByLabel("Min")).toHaveValue("");
  });

  test("a sort link sorts by price and marks itself", async ({ page }) => {
    await page.goto(tenantUrl("harbourside", "/search/used-cars"));
    const lowestPrice = page.getByRole("navigation", { name: "Sort" }).getByRole("link", { name: "Lowest Price", exact: true });
    await lowestPrice.click();
    await expect.poll(() => readableUrl(page)).toBe("/search/used-cars?sortBy=price:asc");
    await expect(lowestPrice).toHaveAttribute("aria-current", "true");
    await expect(page.getByTestId("card-price")).toHaveCount(21);
    const prices = (await page.getByTestId("card-price").allTextContents()).map((text) => Number(text.replace(/[^\d]/g, "")) || 0);
    expect(prices.length).toBe(21);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  test("the pager goes to the next page and back", async ({ page }) => {
    await page.goto(tenantUrl("southern-used", "/search/used-cars"));
    const first = await firstCardId(page);
    const pager = page.getByRole("navigation", { name: "Pages" });
    await pager.getByRole("link", { name: "Next", exact: true }).click();
    await expect.poll(() => readableUrl(page)).toBe("/search/used-cars?page=2");
    await expect(pager.getByRole("link", { name: "Page 2", exact: true })).toHaveAttribute("aria-current", "page");
    // With JavaScript the address changes as the new page's data arrives; the cards follow on React's next render.
    await expect.poll(() => firstCardId(page)).not.toBe(first);
    await pager.getByRole("link", { name: "Previous", exact: true }).click();
    await expect.poll(() => readableUrl(page)).toMatch(/^\/search\/used-cars(\?q=)?$/);
    await expect.poll(() => firstCardId(page)).toBe(first);
  });

  test("'Show more' reveals the rest of a long facet", async ({ page }) => {
    await page.goto(tenantUrl("harbourside", "/search/new-used-and-demo-cars"));
    const makes = facet(page, "Make");
    const hidden = makes.locator("details li").first();
    await expect(hidden).toBeHidden();
    await expect(makes.locator(":scope > ul > li")).toHaveCount(10);
    await makes.getByText("Show more").click();
    await expect(hidden).toBeVisible();
  });

  test("the search box finds a model by words", async ({ page }) => {
    await page.goto(tenantUrl("harbourside", "/search/new-used-and-demo-cars"));
    const before = await total(page);
    await page.getByLabel("Search by make, model or keyword").fill("Corolla");
    await page.getByLabel("Search by make, model or keyword").press("Enter");
    // A model the site sells becomes its make and model filters (the keyword interpreter).
    await expect.poll(() => readableUrl(page)).toBe("/search/toyota/corolla?q=");
    await expect(cards(page).getByRole("heading", { level: 2 }).first()).toContainText("Corolla");
    expect(await total(page)).toBeLessThan(before);
  });
});

/** The landing's 'Shop by price' block: a slider and a 'Show Me' link with JavaScript, two fields and a button without. */
function priceBlock(page: Page) {
  return page.getByRole("region", { name: "Shop by price" });
}

test.describe("price-range landing @search", () => {
  test("the price range goes to the results sorted by price, highest first", async ({ page, javaScriptEnabled }) => {
    await page.goto(tenantUrl("harbourside", "/search"));
    if (javaScriptEnabled) {
      const button = priceBlock(page).getByRole("link", { name: /^Show Me / });
      await expect(button).toHaveText(/^Show Me [\d,]+ cars$/);
      // The count animates over a second; wait until it settles before reading it.
      await page.waitForTimeout(1200);
      const initial = await button.textContent();
      const max = page.getByRole("slider", { name: "Maximum price" });
      await max.focus();
      for (let i = 0; i < 200; i += 1) await page.keyboard.press("ArrowLeft");
      await expect(priceBlock(page).getByText("$5,000 – $150,000", { exact: true })).toBeVisible();
      await expect(button).not.toHaveText(initial ?? "");
      await expect(button).toHaveAttribute("href", "/search/new-used-and-demo-cars?range[price]=5000:150000&sortBy=price:desc");
      await button.click();
    } else {
      const form = priceBlock(page);
      await form.getByLabel("Minimum price ($)").fill("20000");
      await form.getByLabel("Maximum price ($)").fill("40000");
      await form.getByRole("button", { name: /^Show Me / }).click();
    }
    const expected = javaScriptEnabled
      ? "/search/new-used-and-demo-cars?range[price]=5000:150000&sortBy=price:desc"
      : "/search/new-used-and-demo-cars?range[price]=20000:40000&sortBy=price:desc";
    await expect.poll(() => readableUrl(page)).toBe(expected);
    await expect(page.getByRole("navigation", { name: "Sort" }).getByRole("link", { name: "Highest Price", exact: true })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect(page.getByTestId("card-price")).toHaveCount(21);
    const prices = (await page.getByTestId("card-price").allTextContents()).map((text) => Number(text.replace(/[^\d]/g, "")));
    expect(prices.length).toBeGreaterThan(0);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });
});

// The slider needs JavaScript (the no-JS form is tested above): @js-only keeps it out of the no-js project.
test.describe("price-range landing with JavaScript @search @js-only", () => {
  const results = "/search/new-used-and-demo-cars";
  const rangeOf = (url: string) => new URL(url).searchParams.get("range[price]");

  test("each settled value is counted and prefetched once, never per slider step, and the route is found", async ({ page }) => {
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning" || message.type() === "error") warnings.push(message.text());
    });
    const prefetches: string[] = [];
    const counts: string[] = [];
    page.on("request", (request) => {
      const url = request.url();
      if (url.includes(`${results}?`) && new URL(url).searchParams.get("_data") === "routes/search.$") prefetches.push(rangeOf(url) ?? "");
      if (url.includes(`/api${results}?`)) counts.push(rangeOf(url) ?? "");
    });
    // Route discovery answering late (a slow phone, a busy server): a value settled before it must
    // wait for the route rather than prefetch a page no route matches.
    await page.route(/\/__manifest\?/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue().catch(() => undefined);
    });
    // The page's clock is the test's: paused while the keys go down, so however slowly a busy machine
    // presses them, the slider never rests 150 ms between two steps.
    await page.clock.install();
    const discovered = page.waitForResponse(/\/__manifest\?/);
    await page.goto(tenantUrl("harbourside", "/search"));
    const max = page.getByRole("slider", { name: "Maximum price" });
    await max.focus();
    await page.clock.pauseAt(Date.now() + 1000);
    await page.keyboard.press("ArrowLeft");
    await page.clock.runFor(400);
    for (let i = 1; i < 200; i += 1) await page.keyboard.press("ArrowLeft");
    // The first rest's value is still waiting for its route: the answer comes before the clock runs on,
    // however fast the keys went, so that value is prefetched before the last one settles.
    await discovered;
    await page.clock.resume();
    await expect(priceBlock(page).getByText("$5,000 – $150,000", { exact: true })).toBeVisible();
    await expect.poll(() => prefetches).toContain("5000:150000");
    await expect.poll(() => counts).toContain("5000:150000");
    const showMe = priceBlock(page).getByRole("link", { name: /^Show Me / });
    await showMe.hover();
    await page.waitForTimeout(500);
    // Two rests, two settled values: the first step's and the last one's; never one per step (200 here).
    expect(prefetches).toHaveLength(2);
    expect(new Set(prefetches).size).toBe(2);
    expect(counts).toHaveLength(2);
    expect(new Set(counts).size).toBe(2);
    expect(warnings.filter((text) => text.includes("Tried to prefetch"))).toEqual([]);
    await showMe.click();
    await expect.poll(() => readableUrl(page)).toBe(`${results}?range[price]=5000:150000&sortBy=price:desc`);
  });

  test("an older count answering late never replaces the newer one", async ({ page }) => {
    await page.route(new RegExp(`/api${results}\\?.*range(\\[|%5B)price(\\]|%5D)=5000(:|%3A)150000`), async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await route.continue().catch(() => undefined);
    });
    await page.goto(tenantUrl("harbourside", "/search"));
    const max = page.getByRole("slider", { name: "Maximum price" });
    await max.fill("150000");
    await page.waitForTimeout(400);
    await max.fill("60000");
    const expected = await page.evaluate(
      async (url) => ((await (await fetch(url)).json()) as { estimatedTotalHits: number }).estimatedTotalHits,
      `/api${results}?range[price]=5000:60000&sortBy=price:desc&limit=1`,
    );
    const button = priceBlock(page).getByRole("link", { name: /^Show Me / });
    await expect(button).toHaveText(`Show Me ${expected.toLocaleString("en-AU")} cars`, { timeout: 5000 });
    // Past the slow answer to the older range, the count still reads the newer one.
    await page.waitForTimeout(3000);
    await expect(button).toHaveText(`Show Me ${expected.toLocaleString("en-AU")} cars`);
  });

  test("dragging the minimum past the maximum stops a step short; the text, the sliders and the link agree", async ({ page }) => {
    await page.goto(tenantUrl("harbourside", "/search"));
    const min = page.getByRole("slider", { name: "Minimum price" });
    const max = page.getByRole("slider", { name: "Maximum price" });
    await max.fill("20000");
    await min.fill("25000");
    await expect(priceBlock(page).getByText("$19,500 – $20,000", { exact: true })).toBeVisible();
    await expect(min).toHaveValue("19500");
    await expect(max).toHaveValue("20000");
    await expect(priceBlock(page).getByRole("link", { name: /^Show Me / })).toHaveAttribute(
      "href",
      `${results}?range[price]=19500:20000&sortBy=price:desc`,
    );
  });
});

test.describe("search status @search", () => {
  test("a slow search shows 'stalled' and keeps the results visible; without JavaScript the server page is never marked busy", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto(tenantUrl("harbourside", "/search/used-cars"));
    const status = page.getByRole("main").getByRole("status");
    const pager = page.getByRole("navigation", { name: "Pages" });
    await expect(status).toHaveAttribute("data-status", "idle");
    let releaseAnswer = () => {};
    const answerHeld = new Promise<void>((resolve) => (releaseAnswer = resolve));
    if (javaScriptEnabled) {
      // Hold the loader data past the 200 ms stalled threshold until the page has been checked, however
      // slow the machine: the answer goes on only when the test lets it.
      await page.route(/_data=/, async (route) => {
        await answerHeld;
        await route.continue();
      });
    }
    await pager.getByRole("link", { name: "Next", exact: true }).click();
    if (javaScriptEnabled) {
      await expect(status).toHaveAttribute("data-status", "stalled");
      await expect(page.getByTestId("search-results")).toBeVisible();
      await expect(page.getByTestId("search-results")).toHaveAttribute("aria-busy", "true");
      await expect(cards(page)).toHaveCount(21);
      releaseAnswer();
    }
    await expect.poll(() => readableUrl(page)).toBe("/search/used-cars?page=2");
    await expect(status).toHaveAttribute("data-status", "idle");
    await expect(page.getByTestId("search-results")).toHaveAttribute("aria-busy", "false");
    await expect(pager.getByRole("link", { name: "Page 2", exact: true })).toHaveAttribute("aria-current", "page");
  });
});

import { expect, tenantUrl, test } from "./support";
import { demoTenant, detailPath, pickVehicle, withFinanceOffer, withPhotos } from "./vehicle-stock";
import { buttonRank } from "~/server/stock/vehicle-buttons";

const tenants = ["harbourside", "southern-used", "lakeside-auto"] as const;

test.describe("vehicle page", () => {
  for (const slug of tenants) {
    test(`${slug}: title, price, buttons and a gallery whose first photo is the eager LCP image`, async ({ page }) => {
      const vehicle = pickVehicle(slug, withPhotos(3));
      await page.goto(tenantUrl(slug, detailPath(slug, vehicle)));
      await expect(page.getByRole("heading", { level: 1 })).toContainText(`${vehicle.year} ${vehicle.make} ${vehicle.model}`);
      await expect(page.getByTestId("vehicle-price")).toBeVisible();
      await expect(page.getByRole("region", { name: "Call the dealer" })).toBeVisible();
      // The photo strip is a region ('Photos, use the arrow keys…' with JavaScript, 'Photos, scroll sideways…' without).
      const photos = page.getByRole("region", { name: /^Photos, / }).getByRole("img");
      await expect(photos).toHaveCount(vehicle.images.length);
      const first = photos.first();
      await expect(first).toHaveAttribute("loading", "eager");
      await expect(first).toHaveAttribute("fetchpriority", "high");
      await expect(first).toHaveAttribute("width", "1200");
      await expect(first).toHaveAttribute("height", "800");
      await expect(photos.nth(1)).toHaveAttribute("loading", "lazy");
      await expect(first).toHaveAttribute("src", /^\/_image\?url=/);
      // the optimiser answered with a real picture
      await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    });
  }

  test("gallery: a keyboard carousel with JS, a scroll-snap strip without", async ({ page, javaScriptEnabled }) => {
    const vehicle = pickVehicle("harbourside", withPhotos(3));
    const count = vehicle.images.length;
    await page.goto(tenantUrl("harbourside", detailPath("harbourside", vehicle)));
    // The gallery's position line ('2 of 3', or the number of photos without JavaScript).
    const gallery = page.getByRole("region", { name: `Photos of ${vehicle.year} ${vehicle.make} ${vehicle.model}` });
    const position = (text: string) => gallery.getByText(text, { exact: true });
    if (!javaScriptEnabled) {
      await expect(position(`${count} photos`)).toBeVisible();
      await expect(page.getByRole("button", { name: "Next photo" })).toHaveCount(0);
      const strip = page.locator("#vehicle-photos");
      expect(await strip.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      return;
    }
    await expect(position(`1 of ${count}`)).toBeVisible();
    await page.getByRole("button", { name: "Next photo" }).click();
    await expect(position(`2 of ${count}`)).toBeVisible();
    await page.getByRole("region", { name: /Photos, use the arrow keys/ }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(position(`3 of ${count}`)).toBeVisible();
    await page.keyboard.press("ArrowLeft");
    await expect(position(`2 of ${count}`)).toBeVisible();
    await page.getByRole("button", { name: "Prev photo" }).click();
    await expect(position(`1 of ${count}`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Prev photo" })).toBeDisabled();
  });

  test("a vehicle without photos shows the new-arrival placeholder with Request Photos", async ({ page }) => {
    const vehicle = pickVehicle("harbourside", (candidate) => candidate.images.length === 0 && !candidate.primary_image_url);
    await page.goto(tenantUrl("harbourside", detailPath("harbourside", vehicle)));
    await expect(page.getByRole("main").getByText("New arrival", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Request Photos" })).toHaveAttribute("href", `/request-photos?car_id=${vehicle.id}`);
  });

  test("phone reveal: one POST, then the number — a fetcher with JS, a 303 back without", async ({ page, javaScriptEnabled }) => {
    const vehicle = pickVehicle("southern-used", (candidate) => candidate.location.phone !== null);
    const phone = vehicle.location.phone!;
    await page.goto(tenantUrl("southern-used", detailPath("southern-used", vehicle)));
    // The phone box shows the number's first characters only until the reveal.
    const box = page.getByRole("region", { name: "Call the dealer" });
    await expect(box).not.toContainText(phone);
    await expect(box).toContainText(phone.slice(0, 5));

    let posts = 0;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Holds the POST so a second click lands while the first is still in flight.
    await page.route("**/cars/**", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      posts += 1;
      if (javaScriptEnabled) await held;
      return route.continue();
    });
    const button = box.getByRole("button", { name: "Click to reveal phone number" });
    await button.click();
    if (javaScriptEnabled) {
      await expect(button).toBeDisabled();
      await button.evaluate((element: HTMLButtonElement) => element.form?.requestSubmit());
      release();
    } else {
      await expect(page).toHaveURL(/\?phone=revealed#phone-box-heading$/);
    }
    await expect(box.getByRole("link", { name: phone, exact: true })).toHaveText(phone);
    const dialled = phone.replace(/[^\d+]/g, "");
    // Without JavaScript the call goes through /go/call (records 25, then tel:).
    await expect(box.getByRole("link", { name: phone })).toHaveAttribute(
      "href",
      javaScriptEnabled ? `tel:${dialled}` : new RegExp(`^/go/call\\?to=${dialled.replace("+", "%2B")}&`),
    );
    await expect(box.getByRole("button", { name: "Click to reveal phone number" })).toHaveCount(0);
    expect(posts).toBe(1);
  });

  test("phone reveal: a double click sends one request, and header and footer stay masked until the reveal", async ({
    page,
    javaScriptEnabled,
  }) => {
    const tenant = demoTenant("southern-used");
    const vehicle = pickVehicle("southern-used", (candidate) => candidate.location.phone !== null);
    const sitePhone = tenant.site.phone;
    await page.goto(tenantUrl("southern-used", detailPath("southern-used", vehicle)));
    // Masked, the numbers are text (the asterisks hidden from screen readers); revealed, links named by the number.
    const header = page.getByRole("banner");
    const footer = page.getByRole("contentinfo");
    await expect(header).toContainText(`${sitePhone.slice(0, 5)}${"*".repeat(sitePhone.length - 5)}`);
    await expect(header).not.toContainText(sitePhone);
    await expect(footer).not.toContainText(sitePhone.slice(5));
    await expect(page.getByRole("link", { name: sitePhone })).toHaveCount(0);

    let posts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname.startsWith("/cars/")) posts += 1;
    });
    const box = page.getByRole("region", { name: "Call the dealer" });
    const button = box.getByRole("button", { name: "Click to reveal phone number" });
    if (javaScriptEnabled) {
      await button.dblclick();
    } else {
      await button.click();
      await expect(page).toHaveURL(/\?phone=revealed/);
    }
    await expect(box.getByRole("link", { name: vehicle.location.phone!, exact: true })).toHaveText(vehicle.location.phone!);
    // The double click's second click landed where the button was, and left the shopper on the car.
    expect(new URL(page.url()).pathname).toBe(detailPath("southern-used", vehicle));
    const headerPhone = header.getByRole("link", { name: sitePhone, exact: true });
    await expect(headerPhone).toHaveText(sitePhone);
    const dialled = sitePhone.replace(/[^\d+]/g, "");
    await expect(headerPhone).toHaveAttribute(
      "href",
      javaScriptEnabled ? `tel:${dialled}` : new RegExp(`^/go/call\\?to=${dialled.replace("+", "%2B")}&`),
    );
    const footerPhone = tenant.site.locations[0]!.contact_detail.phone;
    await expect(footer.getByRole("link", { name: footerPhone, exact: true })).toHaveText(footerPhone);
    expect(posts).toBe(1);
  });

  test("finance disclaimer dialog opens and closes (Escape with JS, Close link without)", async ({ page, javaScriptEnabled }) => {
    const vehicle = pickVehicle("harbourside", withFinanceOffer);
    await page.goto(tenantUrl("harbourside", detailPath("harbourside", vehicle)));
    const dialog = page.getByRole("dialog", { name: "Finance disclaimer" });
    await expect(dialog).toBeHidden();
    // A button opening the dialog with JavaScript, a link to the page with ?disclaimer=1 without (info-dialog.tsx).
    const opener = page.getByRole(javaScriptEnabled ? "button" : "link", { name: "Finance disclaimer" });
    if (javaScriptEnabled) {
      await opener.focus();
      await page.keyboard.press("Enter");
      await expect(dialog).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
      await opener.click();
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Close" }).click();
      await expect(dialog).toBeHidden();
    } else {
      await opener.click();
      await expect(page).toHaveURL(/[?&]disclaimer=1/);
      await expect(dialog).toBeVisible();
      await dialog.getByRole("link", { name: "Close" }).click();
      await expect(page).not.toHaveURL(/disclaimer=1/);
      await expect(dialog).toBeHidden();
    }
  });

  test("finance calculator works as a GET form", async ({ page }) => {
    const vehicle = pickVehicle("harbourside", withFinanceOffer);
    await page.goto(tenantUrl("harbourside", detailPath("harbourside", vehicle)));
    const calculator = page.getByRole("region", { name: "Finance calculator" });
    await calculator.getByLabel("Vehicle price ($)").fill("30000");
    await calculator.getByLabel("Deposit ($)").fill("5000");
    await calculator.getByLabel("Interest rate (% p.a.)").fill("10");
    await calculator.getByLabel("Term").selectOption("60");
    await calculator.getByLabel("Balloon payment ($)").fill("0");
    await calculator.getByRole("button", { name: "Calculate repayments" }).click();
    await expect(page).toHaveURL(/price=30000&deposit=5000&rate=10&term=60&balloon=0#calculator$/);
    await expect(calculator.getByText(/\$25,000/)).toBeVisible();
    await expect(calculator.getByTestId("calculator-monthly")).toHaveText("$531.18");
  });

  test("certified used Nissans on lakeside-auto carry the certified-used badge image on their cards, its words as the alt text", async ({
    page,
  }) => {
    await page.goto(tenantUrl("lakeside-auto", "/search/used-cars?refinementList[make][0]=Nissan"));
    // Each result card is an article.
    const badges = page.getByRole("main").getByRole("article").getByRole("img", { name: "Nissan Certified Used", exact: true });
    await expect(badges.first()).toBeVisible();
    await expect(badges.first()).toHaveAttribute("src", "/certified-used.svg");
    // A drawn badge, loaded: not a broken image with its alt text showing.
    expect(await badges.first().evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(132);
  });

  test("certified-used dialog for the site's manufacturer (lakeside-auto, Nissan)", async ({ page, javaScriptEnabled }) => {
    const vehicle = pickVehicle(
      "lakeside-auto",
      (candidate, tenant) => candidate.certified && candidate.make === tenant.site.features.certified_used_manufacturer,
    );
    await page.goto(tenantUrl("lakeside-auto", detailPath("lakeside-auto", vehicle)));
    const dialog = page.getByRole("dialog", { name: "About Nissan Certified Used" });
    await page.getByRole(javaScriptEnabled ? "button" : "link", { name: "What certified used means" }).click();
    await expect(dialog).toBeVisible();
    if (javaScriptEnabled) await page.keyboard.press("Escape");
    else await dialog.getByRole("link", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });

  test("buttons follow the site's order and link where the spec says", async ({ page }) => {
    const tenant = demoTenant("lakeside-auto");
    const vehicle = pickVehicle("lakeside-auto", withFinanceOffer);
    await page.goto(tenantUrl("lakeside-auto", detailPath("lakeside-auto", vehicle)));
    const ids = await page
      .getByTestId("vehicle-buttons")
      .locator("[data-testid^='vehicle-button-']")
      .evaluateAll((elements) => elements.map((element) => element.getAttribute("data-testid")?.replace("vehicle-button-", "")));
    // The primary action first, then the two secondary ones, then the rest, each in the site's order.
    const configured = tenant.site.features.vehicle_buttons;
    const ranked = (["primary", "secondary", "more"] as const).flatMap((rank) => configured.filter((id) => buttonRank(id) === rank));
    expect(ids).toEqual(ranked.filter((id) => ids.includes(id)));
    // US spelling: the enquiry button is found by the name a US shopper reads.
    const enquire = page.getByRole("link", { name: "Inquire now", exact: true });
    await expect(enquire).toHaveAttribute("href", `/cars/${vehicle.slug}/enquire`);
    await expect(enquire).toHaveText("Inquire now");
    // A compact ('more') button's arrow is decoration: its name is the words alone.
    await expect(page.getByRole("link", { name: "Get finance", exact: true })).toHaveAttribute(
      "href",
      `/apply-for-finance?preferredDealership=${vehicle.dealership_slug}&vehiclePriceBudget=${vehicle.price}&car_id=${vehicle.id}&car_type=${vehicle.car_type}#finance-form`,
    );
  });

  test("a bad slug is a 404 page with a way to search", async ({ page }) => {
    const response = await page.goto(tenantUrl("harbourside", "/cars/no-such-vehicle-xyz"));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Vehicle not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Search all our stock" })).toBeVisible();
    const hostile = await page.goto(tenantUrl("harbourside", "/cars/%3Cscript%3Ealert(1)%3C%2Fscript%3E"));
    expect(hostile?.status()).toBe(404);
  });

  test("another template's base redirects to the site's own", async ({ page }) => {
    const vehicle = pickVehicle("harbourside");
    await page.goto(tenantUrl("harbourside", `/motorcycles/${vehicle.slug}`));
    await expect(page).toHaveURL(new RegExp(`/cars/${vehicle.slug}$`));
    await expect(page.getByRole("heading", { level: 1, name: `${vehicle.year} ${vehicle.make} ${vehicle.model}` })).toBeVisible();
  });
});

import { vehicleTitle } from "~/server/stock/vehicle-title";
import { expect, expectNoSeriousA11yViolations, tenantUrl, test } from "./support";
import { detailPath, pickVehicle } from "./vehicle-stock";

// kiwi-motors configures 'Open assistant chat' on its vehicle pages; the question is answered from its stock.
const SLUG = "kiwi-motors";
const QUESTION = "any diesel utes?";
const STOCK_ANSWER = /Diesel · Ute — \d+ cars\. Here (is one|are \d):/;

test.describe("the vehicle page's 'Open assistant chat' @assistant", () => {
  for (const width of [1280, 390]) {
    test.describe(`at ${width} px`, () => {
      test.use({ viewport: { width, height: 844 } });

      test("opens the assistant in a dialog over the vehicle page, answering without leaving it @js-only", async ({ page }) => {
        // A page, a conversation, an axe run and a second opening: more than one page load's time on a busy machine.
        test.slow();
        const vehicle = pickVehicle(SLUG);
        const vehicleUrl = tenantUrl(SLUG, detailPath(SLUG, vehicle));
        await page.goto(vehicleUrl);
        // Each load of the assistant's data counts an opening (54).
        const loads: string[] = [];
        page.on("request", (request) => {
          if (request.method() === "GET" && new URL(request.url()).pathname === "/assistant") loads.push(request.url());
        });
        const opener = page.getByRole("link", { name: "Open assistant chat" });
        // Hydrated: the link now opens the dialog instead of the page.
        await expect(opener).toHaveAttribute("aria-haspopup", "dialog");
        await opener.click();

        const dialog = page.getByRole("dialog", { name: "Ask us" });
        await expect(dialog).toBeVisible();
        await expect(dialog.getByTestId("assistant-vehicle")).toHaveText(`About the ${vehicleTitle(vehicle)}`);
        const message = dialog.getByLabel("Your message");
        await expect(message).toBeFocused();
        await page.keyboard.type(QUESTION);
        await page.keyboard.press("Enter");

        const answer = dialog.getByRole("log", { name: "Conversation" }).getByTestId("assistant-answer").last();
        await expect(answer).toContainText(STOCK_ANSWER);
        await expect(answer.getByRole("link")).not.toHaveCount(0);
        await expect(message).toHaveValue("");
        await expect(dialog.getByRole("heading", { name: "Talk to a person" })).toBeVisible();
        expect(page.url()).toBe(vehicleUrl);

        // The dialog fits the phone: nothing wider than the screen.
        const box = await dialog.boundingBox();
        if (!box) throw new Error("no layout box");
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

        await expectNoSeriousA11yViolations(page);

        await page.keyboard.press("Escape");
        await expect(dialog).toBeHidden();
        await expect(opener).toBeFocused();
        expect(page.url()).toBe(vehicleUrl);

        // Another post on the page (saving the car) does not load the assistant again.
        await page.getByRole("button", { name: `Save ${vehicleTitle(vehicle)}` }).click();
        await expect(page.getByRole("button", { name: `Remove ${vehicleTitle(vehicle)} from saved` })).toBeVisible();

        // Opened again, the conversation is still there.
        await opener.press("Enter");
        await expect(dialog).toBeVisible();
        await expect(dialog.getByTestId("assistant-question")).toHaveText(`You: ${QUESTION}`);
        expect(loads).toHaveLength(1);
      });

      test("without JavaScript the button is the link to the assistant page, which answers there @no-js-only", async ({ page }) => {
        const vehicle = pickVehicle(SLUG);
        await page.goto(tenantUrl(SLUG, detailPath(SLUG, vehicle)));
        await page.getByRole("link", { name: "Open assistant chat" }).click();
        await expect(page).toHaveURL(tenantUrl(SLUG, `/assistant?vehicle=${vehicle.slug}`));
        await expect(page.getByRole("heading", { level: 1, name: "Ask us" })).toBeVisible();
        await expect(page.getByTestId("assistant-vehicle")).toHaveText(`About the ${vehicleTitle(vehicle)}`);
        await page.getByLabel("Your message").fill(QUESTION);
        await page.getByRole("button", { name: "Send" }).click();
        await expect(page.getByRole("log", { name: "Conversation" }).getByTestId("assistant-answer").last()).toContainText(STOCK_ANSWER);
      });
    });
  }
});

test.describe("the floating 'Ask us' button of a site without a chat widget @assistant", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("opens the assistant over the page with JavaScript, or its page without, and answers from the stock", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto(tenantUrl(SLUG, "/"));
    const button = page.getByRole("link", { name: "Ask us" });
    await expect(button).toBeVisible();
    if (javaScriptEnabled) {
      await expect(button).toHaveAttribute("aria-haspopup", "dialog");
      await button.click();
      const dialog = page.getByRole("dialog", { name: "Ask us" });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel("Your message")).toBeFocused();
      await page.keyboard.type(QUESTION);
      await page.keyboard.press("Enter");
      await expect(dialog.getByRole("log", { name: "Conversation" }).getByTestId("assistant-answer").last()).toContainText(STOCK_ANSWER);
      expect(new URL(page.url()).pathname).toBe("/");
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(button).toBeFocused();
    } else {
      await button.click();
      await expect(page).toHaveURL(tenantUrl(SLUG, "/assistant"));
      await expect(page.getByRole("heading", { level: 1, name: "Ask us" })).toBeVisible();
      // The assistant's own page has no button to itself.
      await expect(page.getByRole("link", { name: "Ask us" })).toHaveCount(0);
    }
  });

  test("a phone's vehicle page leaves it out: the sticky Call / Enquire bar and the page's buttons carry the actions", async ({ page }) => {
    const vehicle = detailPath(SLUG, pickVehicle(SLUG));
    await page.goto(tenantUrl(SLUG, vehicle));
    await expect(page.getByTestId("vehicle-sticky-actions")).toBeVisible();
    await expect(page.getByRole("link", { name: "Ask us" })).toBeHidden();
    // On a laptop there is no sticky bar, and the button is back.
    await page.setViewportSize({ width: 1280, height: 844 });
    await expect(page.getByRole("link", { name: "Ask us" })).toBeVisible();
  });

  test("a chat widget's button sits above a phone's sticky Call / Enquire bar, never over it @js-only", async ({ page }) => {
    await page.goto(tenantUrl("coastal-campers", detailPath("coastal-campers", pickVehicle("coastal-campers"))));
    const button = page.getByTestId("chat-button");
    const bar = page.getByTestId("vehicle-sticky-actions");
    await expect(button).toBeVisible();
    await expect(bar).toBeVisible();
    const buttonBox = await button.boundingBox();
    const barBox = await bar.boundingBox();
    if (!buttonBox || !barBox) throw new Error("no layout box");
    expect(buttonBox.y + buttonBox.height).toBeLessThanOrEqual(barBox.y);
  });

  test("a site with a chat widget shows the widget's button instead @js-only", async ({ page }) => {
    await page.goto(tenantUrl("coastal-campers", "/"));
    await expect(page.getByTestId("chat-button")).toBeVisible();
    await expect(page.getByRole("link", { name: "Ask us" })).toHaveCount(0);
  });
});

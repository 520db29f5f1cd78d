import { expect, tenantUrl, test } from "./support";

test.describe("the site's assistant @assistant", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("answers hours and stock from the site's data, keeping the conversation", async ({ page }) => {
    await page.goto(tenantUrl("harbourside", "/assistant"));
    const message = page.getByLabel("Your message");
    await message.fill("Are you open on Sunday?");
    await page.getByRole("button", { name: "Send" }).click();
    const log = page.getByRole("log", { name: "Conversation" });
    await expect(log.getByTestId("assistant-answer").last()).toHaveText(/open (on Sunday|today), 10:00am-4:00pm\./);
    await page.getByLabel("Your message").fill("toyota suv under 40k");
    await page.getByRole("button", { name: "Send" }).click();
    const answer = log.getByTestId("assistant-answer").last();
    await expect(answer).toContainText(/Toyota · SUV · Under \$40,000 — [\d,]+ cars/);
    await expect(answer.getByRole("link")).toHaveCount(4);
    await expect(log.getByTestId("assistant-question")).toHaveCount(2);
    await expect(page.getByRole("heading", { name: "Talk to a person" })).toBeVisible();
  });
});

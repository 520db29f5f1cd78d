import { canReserve } from "~/server/stock/can-reserve";
import { DEPOSIT_MESSAGES } from "~/server/reserve/messages";
import { expect, test } from "./support";
import { detailPath, pickVehicle } from "./vehicle-stock";

// The DEMO_FAKES server (playwright.config.ts): Stripe keys, a publishable key and the fake Stripe.js, so the
// other specs' server keeps reservation requests.
const fakesPort = Number(process.env.E2E_FAKES_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 2000);

test("@js-only harbourside: the deposit is paid in the Payment Element (fake Stripe.js) and the reservation page says paid", async ({
  page,
}) => {
  const vehicle = pickVehicle("harbourside", (candidate, site) => canReserve(candidate, site.site));
  await page.goto(`http://harbourside.localhost:${fakesPort}${detailPath("harbourside", vehicle)}/checkout`);
  const dialog = page.getByTestId("reserve-dialog");
  await expect.poll(() => dialog.evaluate((element) => element.matches(":modal"))).toBe(true);
  await dialog.getByTestId("field-name").fill("Jane");
  await dialog.getByTestId("field-email").fill(`jane.element.${Date.now()}@example.com`);
  await dialog.getByTestId("field-phone").fill("0412 345 678");
  const dealership = dialog.getByTestId("field-dealership_slug");
  if ((await dealership.count()) > 0) await dealership.selectOption({ index: 1 });
  // The fill-time guard wants a person's pace.
  await page.waitForTimeout(2100);
  await dialog.getByRole("button", { name: DEPOSIT_MESSAGES.payLabel }).click();

  const payment = dialog.getByTestId("stripe-payment");
  await expect(payment.getByRole("heading", { name: DEPOSIT_MESSAGES.cardHeading })).toBeVisible();
  await expect(payment.getByTestId("fake-payment-element")).toContainText("4242 4242 4242 4242");
  await payment.getByRole("button", { name: DEPOSIT_MESSAGES.payNow }).click();

  await expect(page).toHaveURL(
    /\/reservation\?payment_intent=pi_test_\w+&payment_intent_client_secret=pi_test_\w+_secret_\w+&redirect_status=succeeded$/,
  );
  await expect(page.getByText(DEPOSIT_MESSAGES.paid)).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("harbourside: the deposit form goes to the hosted Checkout page (fake Stripe), and paying there reserves the car", async ({
    page,
  }, testInfo) => {
    // Each project pays for a car of its own (a car is reserved once), neither the Payment Element test's.
    const taken = pickVehicle("harbourside", (candidate, site) => canReserve(candidate, site.site));
    const skipFirst = testInfo.project.name === "js" ? 1 : 2;
    let passed = 0;
    const vehicle = pickVehicle(
      "harbourside",
      (candidate, site) => candidate.id !== taken.id && canReserve(candidate, site.site) && passed++ >= skipFirst - 1,
    );
    await page.goto(`http://harbourside.localhost:${fakesPort}${detailPath("harbourside", vehicle)}/checkout`);
    await page.getByTestId("field-name").fill("Jane");
    await page.getByTestId("field-email").fill(`jane.hosted.${Date.now()}@example.com`);
    await page.getByTestId("field-phone").fill("0412 345 678");
    const dealership = page.getByTestId("field-dealership_slug");
    if ((await dealership.count()) > 0) await dealership.selectOption({ index: 1 });
    await page.waitForTimeout(2100);
    await page.getByRole("button", { name: DEPOSIT_MESSAGES.payLabel }).click();

    await expect(page.getByRole("heading", { name: "Fake Stripe Checkout" })).toBeVisible();
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(/\/reservation\?session_id=/);
    await expect(page.getByText(DEPOSIT_MESSAGES.paid)).toBeVisible();
  });
});

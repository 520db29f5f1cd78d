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

import type { Locator, TestInfo } from "@playwright/test";
import { canReserve } from "~/server/stock/can-reserve";
import { storedLeadByEmail } from "./stored-leads";
import { expect, tenantUrl, test } from "./support";
import { detailPath, pickVehicle } from "./vehicle-stock";

function uniqueEmail(testInfo: TestInfo, tag: string): string {
  return `jane.reserve.${tag}.${testInfo.project.name}.${Date.now()}@example.com`;
}

type ReserveCase = {
  slug: string;
  pathForm: "checkout" | "buy-online";
  heading: string;
  provider: string;
  lastName: boolean;
  postcode: boolean;
};

// harbourside reserves on /checkout with Stripe; southern-used has the buy-online flag and Till.
const CASES: ReserveCase[] = [
  { slug: "harbourside", pathForm: "checkout", heading: "Reserve car now", provider: "Stripe", lastName: false, postcode: false },
  { slug: "southern-used", pathForm: "buy-online", heading: "Buy online", provider: "Till", lastName: true, postcode: true },
];

async function fillReserve(dialog: Locator, tenant: ReserveCase, email: string) {
  await dialog.getByTestId("field-name").fill("Jane");
  if (tenant.lastName) await dialog.getByTestId("field-last_name").fill("Citizen");
  await dialog.getByTestId("field-email").fill(email);
  await dialog.getByTestId("field-phone").fill("0412 345 678");
  if (tenant.postcode) await dialog.getByTestId("field-postcode").fill("3000");
  const dealership = dialog.getByTestId("field-dealership_slug");
  if ((await dealership.count()) > 0) await dealership.selectOption({ index: 1 });
}

test.describe("reserve or buy online @forms", () => {
  for (const tenant of CASES) {
    test(`${tenant.slug}: the vehicle page's button opens /${tenant.pathForm}, the reservation lands on /success and is stored`, async ({
      page,
      javaScriptEnabled,
    }, testInfo) => {
      const vehicle = pickVehicle(tenant.slug, (candidate, site) => canReserve(candidate, site.site));
      const deposit = vehicle.payment_processors.find((processor) => processor.authorization_key)?.deposit_amount;
      await page.goto(tenantUrl(tenant.slug, detailPath(tenant.slug, vehicle)));

      const opener = page.getByTestId("vehicle-button-reserve_car_now");
      await expect(opener).toHaveText(tenant.heading);
      await opener.click();
      await expect(page).toHaveURL(new RegExp(`/${vehicle.slug}/${tenant.pathForm}$`));
      const dialog = page.getByTestId("reserve-dialog");
      await expect(dialog.getByRole("heading", { name: tenant.heading })).toBeVisible();
      await expect(page.getByTestId("vehicle-page")).toBeAttached();
      await expect(dialog.getByTestId("reserve-deposit")).toHaveText(`$${deposit}`);
      await expect(dialog.getByTestId("reserve-provider")).toHaveText(tenant.provider);
      await expect(dialog.getByTestId("reserve-notice")).toContainText("the dealer will contact you to take the deposit securely");
      await expect(dialog.getByRole("list", { name: "Payment methods we accept" })).toBeVisible();
      // The reserve button is a plain link (a full load), so the dialog turns modal once the page hydrates.
      if (javaScriptEnabled) await expect.poll(() => dialog.evaluate((element) => element.matches(":modal"))).toBe(true);

      const email = uniqueEmail(testInfo, tenant.slug);
      await fillReserve(dialog, tenant, email);
      // The minimum fill time is 2 s from the page render (fill-time guard).
      await page.waitForTimeout(2100);
      await dialog.getByTestId("submit").click();
      await expect(page).toHaveURL(/\/success\?category=reserve-car-enquiry$/);
      await expect(page.getByTestId("success-message")).toContainText("Reserve Car Enquiry");

      const lead = storedLeadByEmail(email);
      expect(lead).toMatchObject({ tenant: tenant.slug, category: "Reserve Car Enquiry", mock: 1 });
      expect(lead?.payload).toMatchObject({
        car_id: String(vehicle.id),
        stock_number: vehicle.stocknum,
        deposit_amount: deposit,
        payment_provider: tenant.provider,
        event_id: 44,
      });
    });
  }
});

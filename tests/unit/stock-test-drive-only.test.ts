import { describe, expect, it } from "vitest";
import { canReserve } from "~/server/stock/can-reserve";
import { cardTag } from "~/server/stock/card-tag";
import { cardView } from "~/server/stock/card-view";
import { financeAvailable, financeOffer } from "~/server/stock/finance-offer";
import { isTestDriveOnly, TEST_DRIVE_ONLY_TAG } from "~/server/stock/test-drive-only";
import { vehicleButtons } from "~/server/stock/vehicle-buttons";
import { makeTenant } from "../fixtures/tenant";
import { vehiclePage } from "../fixtures/vehicle-page";
import { fixtureNow, makeVehicle } from "../fixtures/vehicles";

const tenant = makeTenant({
  finance_provider: "Taurus",
  payment_provider: "Stripe",
  features: { vehicle_buttons: ["dealer_phone_box", "get_finance", "enquire_now", "book_test_drive", "reserve_car_now"] },
});
const site = tenant.site;

/** A car that could be reserved and financed, but for its tag. */
function tagged(tag: string | null) {
  return makeVehicle({
    tag,
    year: 2023,
    price: 30_000,
    finance_lenders: { Taurus: { interestRate: 7.09, comparisonRate: 7.75, paymentWeek: 120.5, termMonths: 60 } },
    payment_processors: [{ authorization_type: "stripe", authorization_key: "pk_test", deposit_amount: 500 }],
    has_checkout_payment_processor: true,
  });
}

describe("isTestDriveOnly (spec 000 §4)", () => {
  it("recognises both test-drive tags, however the feed spaces or capitalises them", () => {
    expect(isTestDriveOnly({ tag: "Test Drive Only" })).toBe(true);
    expect(isTestDriveOnly({ tag: "*** Test Drive Vehicle Only ***" })).toBe(true);
    expect(isTestDriveOnly({ tag: "  test drive only " })).toBe(true);
  });

  it("does not match other tags", () => {
    expect(isTestDriveOnly({ tag: "Special" })).toBe(false);
    expect(isTestDriveOnly({ tag: "Test Drive" })).toBe(false);
    expect(isTestDriveOnly({ tag: null })).toBe(false);
  });
});

describe("a test-drive-only vehicle offers no reserve and no finance", () => {
  it("the untagged car is reservable and financeable, so only the tag takes them away", () => {
    const free = tagged(null);
    expect(canReserve(free, site)).toBe(true);
    expect(financeAvailable(free, site)).toBe(true);
    expect(financeOffer(free, site, fixtureNow)).not.toBeNull();
  });

  it.each(["Test Drive Only", "*** Test Drive Vehicle Only ***"])(
    "%s: no reserve, no finance anywhere, and the tag reads 'Test Drive Only'",
    (tag) => {
      const vehicle = tagged(tag);
      expect(canReserve(vehicle, site)).toBe(false);
      expect(financeAvailable(vehicle, site)).toBe(false);
      expect(financeOffer(vehicle, site, fixtureNow)).toBeNull();

      expect(cardTag(vehicle, site, fixtureNow)).toEqual({ kind: "tag", text: TEST_DRIVE_ONLY_TAG });
      const card = cardView(vehicle, site, fixtureNow, "/search/used-cars");
      expect(card.available).toBe(true);
      expect(card.links.reserve).toBeNull();
      expect(card.links.finance).toBeNull();
      expect(card.tag?.text).toBe("Test Drive Only");

      expect(vehicleButtons(vehicle, site)).toEqual(["dealer_phone_box", "enquire_now", "book_test_drive"]);
      const page = vehiclePage(tenant, vehicle);
      expect(page.tag).toBe("Test Drive Only");
      expect(page.finance).toBeNull();
      expect(page.calculator).toBeNull();
      expect(page.buttons.map((button) => button.id)).toEqual(["dealer_phone_box", "enquire_now", "book_test_drive"]);
    },
  );
});

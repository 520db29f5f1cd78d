import { describe, expect, it } from "vitest";
import { cardView } from "~/server/stock/card-view";
import { financeAvailable, financeOffer } from "~/server/stock/finance-offer";
import type { Vehicle } from "~/server/stock/vehicle";
import { vehicleButtons } from "~/server/stock/vehicle-buttons";
import type { SiteInput } from "../fixtures/tenant";
import { makeTenant } from "../fixtures/tenant";
import { vehiclePage } from "../fixtures/vehicle-page";
import { fixtureNow, makeVehicle } from "../fixtures/vehicles";

const day = 86_400_000;

function tenantWith(extra: NonNullable<SiteInput["features"]> = {}) {
  return makeTenant({ finance_provider: "Taurus", features: { vehicle_buttons: ["get_finance", "enquire_now"], ...extra } });
}

function financeable(overrides: Partial<Vehicle> = {}): Vehicle {
  return makeVehicle({
    make: "Nissan",
    dealership_id: 7,
    year: 2023,
    price: 30_000,
    finance_lenders: { Taurus: { interestRate: 7.09, comparisonRate: 7.75, paymentWeek: 120.5, termMonths: 60 } },
    ...overrides,
  });
}

/** Every place finance shows, for one vehicle on one site. */
function financeShown(vehicle: Vehicle, tenant: ReturnType<typeof tenantWith>) {
  const page = vehiclePage(tenant, vehicle);
  return {
    rule: financeAvailable(vehicle, tenant.site),
    cardButton: cardView(vehicle, tenant.site, fixtureNow, "/search/used-cars").links.finance !== null,
    pageButton: vehicleButtons(vehicle, tenant.site).includes("get_finance"),
    summary: page.finance !== null,
    calculator: page.calculator !== null,
  };
}

const everywhere = { rule: true, cardButton: true, pageButton: true, summary: true, calculator: true };
const nowhere = { rule: false, cardButton: false, pageButton: false, summary: false, calculator: false };

describe("finance hidden: cards hide the Finance button wherever the vehicle page hides finance (spec 000 §5)", () => {
  it("shows everywhere for an available car on an ordinary site", () => {
    expect(financeShown(financeable(), tenantWith())).toEqual(everywhere);
  });

  it.each([
    ["the site hides finance", tenantWith({ finance_hidden: true }), financeable()],
    ["the dealership hides finance", tenantWith({ finance_hidden_dealerships: [7] }), financeable()],
    ["the manufacturer hides finance (any case)", tenantWith({ finance_hidden_manufacturers: ["NISSAN"] }), financeable()],
    ["the car is sold but still listed", tenantWith(), financeable({ status: "sold", sold: true, sold_date_timestamp: fixtureNow - day })],
    ["the sold flag is set on an in-stock car", tenantWith(), financeable({ sold: true })],
  ])("hidden everywhere when %s", (_why, tenant, vehicle) => {
    expect(financeShown(vehicle, tenant)).toEqual(nowhere);
    expect(financeOffer(vehicle, tenant.site, fixtureNow)).toBeNull();
  });

  it("another dealership or manufacturer keeps finance", () => {
    expect(
      financeShown(
        financeable({ dealership_id: 8, make: "Toyota" }),
        tenantWith({ finance_hidden_dealerships: [7], finance_hidden_manufacturers: ["Nissan"] }),
      ),
    ).toEqual(everywhere);
  });
});

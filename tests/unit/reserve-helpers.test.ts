import { describe, expect, it } from "vitest";
import { parentPath } from "~/app/components/reserve/reserve-error";
import { isReserveRefusal } from "~/server/reserve/refusal";
import { reserveDeposit } from "~/server/reserve/deposit";
import { RESERVE_MESSAGES } from "~/server/reserve/messages";
import { ownReserveUrl, reservePathForm } from "~/server/reserve/path-form";
import { reserveFormDefaults, reserveView } from "~/server/reserve/reserve-view";
import { makeSite } from "../fixtures/tenant";
import { makeCorolla } from "../fixtures/vehicles";

const keyed = (deposit_amount: number, key = "pk_test_123") => ({ authorization_type: "stripe", authorization_key: key, deposit_amount });
const keyless = (deposit_amount: number) => ({ authorization_type: "stripe", authorization_key: null, deposit_amount });

describe("reserveDeposit: the first processor with a key", () => {
  it("takes the first keyed processor's amount", () => {
    expect(reserveDeposit([keyed(500), keyed(1000)])).toBe(500);
  });

  it("skips processors without a key (they cannot take a payment)", () => {
    expect(reserveDeposit([keyless(250), keyed(750)])).toBe(750);
    expect(reserveDeposit([keyed(250, ""), keyed(750)])).toBe(750);
  });

  it("is null with no keyed processor, and for an amount of zero or less", () => {
    expect(reserveDeposit([keyless(250)])).toBeNull();
    expect(reserveDeposit([])).toBeNull();
    expect(reserveDeposit([keyed(0), keyed(500)])).toBeNull();
  });
});

describe("path form (spec 000 §2: /checkout, or /buy-online with the flag)", () => {
  const checkoutSite = makeSite({ features: { buy_online: false } });
  const buyOnlineSite = makeSite({ features: { buy_online: true } });

  it("follows features.buy_online", () => {
    expect(reservePathForm(checkoutSite)).toBe("checkout");
    expect(reservePathForm(buyOnlineSite)).toBe("buy-online");
  });

  it("is null on the site's own spelling", () => {
    expect(ownReserveUrl(new URL("http://x.test/cars/a-1/checkout"), "checkout", checkoutSite)).toBeNull();
    expect(ownReserveUrl(new URL("http://x.test/cars/a-1/buy-online"), "buy-online", buyOnlineSite)).toBeNull();
  });

  it("swaps the last segment on the other spelling and keeps the base and query", () => {
    expect(ownReserveUrl(new URL("http://x.test/cars/a-1/buy-online?utm=1"), "buy-online", checkoutSite)).toBe("/cars/a-1/checkout?utm=1");
    expect(ownReserveUrl(new URL("http://x.test/motorcycles/a-1/checkout"), "checkout", buyOnlineSite)).toBe("/motorcycles/a-1/buy-online");
  });
});

describe("reserveView", () => {
  const vehicle = makeCorolla({
    year: 2021,
    make: "Toyota",
    model: "Corolla",
    badge: "Ascent",
    series: null,
    price: 25_990,
    slug: "2021-toyota-corolla-x1",
    payment_processors: [keyed(1500)],
  });

  it("shows the title, price, formatted deposit, provider and the vehicle page it closes to", () => {
    expect(reserveView(vehicle, makeSite({ locale: "en-AU" }), "Till")).toEqual({
      heading: RESERVE_MESSAGES.reserveHeading,
      title: "2021 Toyota Corolla Ascent",
      price: "$25,990",
      deposit: "$1,500",
      provider: "Till",
      vehicleHref: "/cars/2021-toyota-corolla-x1",
      onlinePayment: false,
    });
  });

  it("uses the buy-online words on buy-online sites, and no deposit when none is keyed", () => {
    const view = reserveView({ ...vehicle, payment_processors: [keyless(500)] }, makeSite({ features: { buy_online: true } }), "Stripe");
    expect(view.heading).toBe(RESERVE_MESSAGES.buyOnlineHeading);
    expect(view.deposit).toBeNull();
  });
});

describe("reserveFormDefaults", () => {
  const site = makeSite();
  const visible = site.locations.find((location) => location.visible);
  const dealership = site.dealerships[0];

  it("starts the location and dealership selects on the vehicle's own", () => {
    if (!visible || !dealership) throw new Error("the helper site has no visible location or dealership");
    expect(reserveFormDefaults({ location_id: visible.id, dealership_slug: dealership.slug }, site)).toEqual({
      location: String(visible.id),
      dealership_slug: dealership.slug,
    });
  });

  it("leaves them unchosen when the vehicle's are not offered", () => {
    expect(reserveFormDefaults({ location_id: 987_654, dealership_slug: "elsewhere" }, site)).toEqual({});
  });
});

describe("refusal page helpers", () => {
  it("parentPath is the vehicle page of a reserve path", () => {
    expect(parentPath("/cars/a-1/checkout")).toBe("/cars/a-1");
    expect(parentPath("/campers/a-1/buy-online/")).toBe("/campers/a-1");
  });

  it("isReserveRefusal accepts only the refusal shape", () => {
    expect(isReserveRefusal({ kind: "reserve_refused", message: "No" })).toBe(true);
    expect(isReserveRefusal({ kind: "not_found", message: "No" })).toBe(false);
    expect(isReserveRefusal({ kind: "reserve_refused" })).toBe(false);
    expect(isReserveRefusal(null)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { cardView } from "~/server/stock/card-view";
import { makeTenant } from "../fixtures/tenant";
import { fixtureNow, makeVehicle } from "../fixtures/vehicles";

const site = makeTenant({ slug: "harbourside", payment_provider: "Stripe" }).site;
const campers = makeTenant({
  slug: "campers",
  template: "camper",
  features: { similar_text: "Like this and want something similar?", location_overlay: "location_name", finance_route: "/finance-enquiry" },
}).site;
const processors = [{ authorization_type: "stripe", authorization_key: "pk_test", deposit_amount: 500 }];
const day = 86_400_000;

describe("cardView buttons by availability (spec 000 §2)", () => {
  it("an available car gets Enquire, finance, details and (when reservable) reserve, and no 'similar'", () => {
    const card = cardView(
      makeVehicle({ id: 7, price: 25_000, payment_processors: processors, has_checkout_payment_processor: true }),
      site,
      fixtureNow,
      "/search/new-used-and-demo-cars",
    );
    expect(card.available).toBe(true);
    expect(card.links.enquire).toBe("/cars/vehicle-7/enquire");
    expect(card.href).toBe("/cars/vehicle-7");
    expect(card.links.finance).not.toBeNull();
    expect(card.links.reserve).not.toBeNull();
    expect(card.links.similar).toBeNull();
  });

  it("coming soon is available too; reserve needs in_stock", () => {
    const card = cardView(
      makeVehicle({ status: "coming_soon", payment_processors: processors, has_checkout_payment_processor: true }),
      site,
      fixtureNow,
      "/search/x",
    );
    expect(card.available).toBe(true);
    expect(card.links.reserve).toBeNull();
  });

  it("a sold car gets 'Find Me Something Similar' (same body type) instead of the buttons", () => {
    const card = cardView(
      makeVehicle({ status: "sold", sold: true, sold_date_timestamp: fixtureNow - day, simple_body: "SUV" }),
      site,
      fixtureNow,
      "/search/used-cars",
    );
    expect(card.available).toBe(false);
    expect(card.links.finance).toBeNull();
    expect(card.links.reserve).toBeNull();
    expect(card.links.similar).toEqual({
      href: "/search/used-cars?refinementList%5Bsimple_body%5D%5B0%5D=SUV",
      text: "Find Me Something Similar",
    });
    expect(card.tag).toEqual({ kind: "sold", text: "JUST SOLD" });
  });

  it("the camper site says 'Like this and want something similar?' and links to /campers", () => {
    const card = cardView(
      makeVehicle({ id: 3, status: "sold", sold: true, sold_date_timestamp: fixtureNow - day }),
      campers,
      fixtureNow,
      "/search/rvs",
    );
    expect(card.links.similar?.text).toBe("Like this and want something similar?");
    expect(card.href).toBe("/campers/vehicle-3");
  });
});

describe("cardView finance link (spec 000 §2 /finance row)", () => {
  it("is {finance_route}?preferredDealership=…&vehiclePriceBudget=…&car_id=…&car_type=…#finance-form", () => {
    const vehicle = makeVehicle({ id: 42, price: 31_990, car_type: "demo", dealership_slug: "harbourside-toyota" });
    expect(cardView(vehicle, site, fixtureNow, "/search/x").links.finance).toBe(
      "/finance?preferredDealership=harbourside-toyota&vehiclePriceBudget=31990&car_id=42&car_type=demo#finance-form",
    );
    expect(cardView(vehicle, campers, fixtureNow, "/search/rvs").links.finance).toBe(
      "/finance-enquiry?preferredDealership=harbourside-toyota&vehiclePriceBudget=31990&car_id=42&car_type=demo#finance-form",
    );
  });
});

describe("cardView price, photos and location", () => {
  it("'Enquire for price.' for a price of 10 or less; PREORDER for a preorder; whole dollars above", () => {
    expect(cardView(makeVehicle({ price: 10 }), site, fixtureNow, "/s").price.text).toBe("Enquire for price.");
    expect(cardView(makeVehicle({ price: null }), site, fixtureNow, "/s").price.text).toBe("Enquire for price.");
    expect(cardView(makeVehicle({ price: 0, preorder: true }), site, fixtureNow, "/s").price.text).toBe("PREORDER");
    expect(cardView(makeVehicle({ price: 11 }), site, fixtureNow, "/s").price.text).toBe("$11");
    expect(cardView(makeVehicle({ price: 1_234_567 }), site, fixtureNow, "/s").price.text).toBe("$1,234,567");
  });

  it("a was-price only when before_price is above the shown price", () => {
    expect(cardView(makeVehicle({ price: 20_000, before_price: 22_000 }), site, fixtureNow, "/s").wasPrice).toBe("$22,000");
    expect(cardView(makeVehicle({ price: 20_000, before_price: 20_000 }), site, fixtureNow, "/s").wasPrice).toBeNull();
    expect(cardView(makeVehicle({ price: 20_000, before_price: 19_000 }), site, fixtureNow, "/s").wasPrice).toBeNull();
    expect(cardView(makeVehicle({ price: 5, before_price: 19_000 }), site, fixtureNow, "/s").wasPrice).toBeNull();
  });

  it("no photo (or a zero photo count) shows the placeholder with a Request Photos link", () => {
    const none = cardView(makeVehicle({ id: 9, primary_image_url: null, photos_count: 0 }), site, fixtureNow, "/s");
    expect(none.image).toBeNull();
    expect(none.links.requestPhotos).toBe("/request-photos?car_id=9");
    const zero = cardView(makeVehicle({ primary_image_url: "https://img.example/a.jpg", photos_count: 0 }), site, fixtureNow, "/s");
    expect(zero.image).toBeNull();
    const photo = cardView(makeVehicle({ primary_image_url: "https://img.example/a.jpg", photos_count: 3 }), site, fixtureNow, "/s");
    expect(photo.image).toBe("https://img.example/a.jpg");
    expect(photo.links.requestPhotos).toBeNull();
  });

  it("the location overlay is city and state, or the location name without ' - Sales'", () => {
    const vehicle = makeVehicle({ city: "Perth", state: "WA", location_name: "Coastal Campers Perth - Sales" });
    expect(cardView(vehicle, site, fixtureNow, "/s").location).toBe("Perth, WA");
    expect(cardView(vehicle, campers, fixtureNow, "/s").location).toBe("Coastal Campers Perth");
  });
});

describe("cardView price type (spec 000 §5)", () => {
  const subscriptions = makeTenant({ slug: "subs", flags: { ...site.flags, offers_subscription: true } }).site;

  it("a subscription card shows the weekly price without the car price's type", () => {
    const card = cardView(
      makeVehicle({ price: 25_000, subscription_price: 99, price_type: "Excl. Govt. Charges" }),
      subscriptions,
      fixtureNow,
      "/search/subscription-cars",
    );
    expect(card.price).toEqual({ kind: "subscription", text: "$99" });
    expect(card.priceType).toBeNull();
  });

  it("a priced card keeps its price type", () => {
    const card = cardView(makeVehicle({ price: 25_000, price_type: "Drive Away" }), site, fixtureNow, "/search/used-cars");
    expect(card.priceType).toBe("Drive Away");
  });
});

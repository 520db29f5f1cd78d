import pino from "pino";
import { describe, expect, it } from "vitest";
import { revealResponse } from "~/server/vehicle-page/view";
import { financeHref } from "~/server/stock/finance-href";
import { cardView } from "~/server/stock/card-view";
import { certifiedUsedLabel } from "~/server/stock/certified-used";
import { NO_PHONE_WARNING } from "~/server/stock/phone-reveal";
import type { Vehicle } from "~/server/stock/vehicle";
import { vehicleButtons } from "~/server/tenants/schema";
import { makeTenant } from "../fixtures/tenant";
import { vehiclePage } from "../fixtures/vehicle-page";
import { fixtureNow, makeVehicle } from "../fixtures/vehicles";

const day = 86_400_000;
const silent = pino({ level: "silent" });

function memoryLog() {
  const lines: Array<{ msg: string; level: number }> = [];
  return {
    log: pino({ level: "trace" }, { write: (line: string) => lines.push(JSON.parse(line) as { msg: string; level: number }) }),
    lines,
  };
}

const taurus = {
  Taurus: { interestRate: 7.09, comparisonRate: 7.75, paymentWeek: 120.5, termMonths: 60, deposit: 2500, balloon: 0, disclaimer: null },
};

/** The buttons the site lists, in this order: every vehicle page button but the assistant's. */
const everyButton = vehicleButtons.filter((button) => button !== "open_assistant_chat");

const tenant = makeTenant({
  finance_provider: "Taurus",
  payment_provider: "Stripe",
  features: {
    vehicle_buttons: everyButton,
    chat_url: "https://chat.example/",
  },
});

const reservable: Partial<Vehicle> = {
  payment_processors: [{ authorization_type: "stripe", authorization_key: "pk_test_x", deposit_amount: 500 }],
  has_checkout_payment_processor: true,
};

function page(vehicle: Vehicle, query = "", options: { site?: typeof tenant; log?: typeof silent } = {}) {
  return vehiclePage(options.site ?? tenant, vehicle, {
    url: `https://harbourside.example/cars/${vehicle.slug}${query}`,
    log: options.log,
  });
}

describe("vehicle page view", () => {
  const vehicle = makeVehicle({
    id: 77,
    year: 2022,
    price: 31_990,
    before_price: 33_990,
    finance_lenders: taurus,
    file: "https://reports.example/77.pdf",
    images: [{ image: { url: "/a.jpg" } }, { image: { url: "/b.jpg" } }],
    ...reservable,
  });

  it("has the title, prices, canonical URL and the buttons in the site's order", () => {
    const view = page(vehicle);
    expect(view.title).toBe("2022 Toyota Corolla Ascent");
    expect(view.price).toEqual({ text: "$31,990", kind: "price" });
    expect(view.wasPrice).toBe("$33,990");
    expect(view.priceType).toBe("Drive Away");
    expect(view.canonical).toBe("https://harbourside.example/cars/vehicle-77");
    expect(view.buttons.map((button) => button.id)).toEqual(everyButton);
    const hrefs = Object.fromEntries(view.buttons.flatMap((button) => ("href" in button ? [[button.id, button.href]] : [])));
    expect(hrefs).toEqual({
      call_us_now: "tel:0290000000",
      get_finance: "/finance?preferredDealership=harbourside-motors&vehiclePriceBudget=31990&car_id=77&car_type=used#finance-form",
      enquire_now: "/cars/vehicle-77/enquire",
      book_test_drive: "/cars/vehicle-77/test-drive",
      trade_in_valuation: "/cars/trade-in?car_id=77",
      chat: "https://chat.example/",
      reserve_car_now: "/cars/vehicle-77/checkout",
      car_history_report: "https://reports.example/77.pdf",
    });
  });

  it("shows the finance offer with its disclaimer, and the calculator with the offer's deposit and term", () => {
    const view = page(vehicle);
    expect(view.finance).toMatchObject({
      payment: { text: "$121", frequencyLabel: "per week" },
      interestRate: "7.09% p.a.",
      term: "60 months",
      deposit: "$2,500",
    });
    expect(view.finance?.disclaimer).toMatch(/^Based on a 10% deposit/);
    expect(view.calculator?.values).toEqual({ price: "31990", deposit: "2500", rate: "7.09", term: "60", balloon: "0" });
    expect(view.open.disclaimer).toBe(false);
    expect(page(vehicle, "?disclaimer=1").open.disclaimer).toBe(true);
  });

  it("a sold vehicle inside the window: 'JUST SOLD', no reserve, no finance, no calculator", () => {
    const sold = makeVehicle({ ...vehicle, status: "sold", sold: true, sold_date_timestamp: fixtureNow - day });
    const view = page(sold);
    expect(view.tag).toBe("JUST SOLD");
    expect(view.sold).toBe(true);
    expect(view.finance).toBeNull();
    expect(view.calculator).toBeNull();
    expect(view.buttons.map((button) => button.id)).not.toContain("reserve_car_now");
    expect(view.buttons.map((button) => button.id)).not.toContain("get_finance");
    expect(view.similarHeading).toBe("Find Me Something Similar");
    expect(view.jsonLd).toContain("https://schema.org/SoldOut");
  });

  it("hides the number until revealed on phone-reveal sites; the GET with ?phone=revealed shows it", () => {
    const hidden = makeTenant({
      phone: "1300 000 111",
      features: { phone_reveal: true, vehicle_buttons: ["dealer_phone_box", "call_us_now"] },
    });
    const before = page(vehicle, "", { site: hidden });
    expect(before.phone).toMatchObject({ shown: "02 90*******", number: null, telHref: null, revealable: true });
    // nothing on the page gives a number away before the reveal: not the structured data (no
    // telephone at all, not even the site's), not the Call us now button (it goes to the phone box)
    expect(before.jsonLd).not.toMatch(/02 9000 0000|1300 000 111|telephone/);
    expect(JSON.stringify(before)).not.toMatch(/02 9000 0000|1300 000 111|0290000000|1300000111/);
    const call = before.buttons.find((button) => button.id === "call_us_now");
    expect(call && "href" in call ? call.href : null).toBe("#phone-box-heading");
    const after = page(vehicle, "?phone=revealed", { site: hidden });
    expect(after.phone).toMatchObject({ shown: "02 9000 0000", number: "02 9000 0000", telHref: "tel:0290000000", revealable: false });
    expect(after.keepQuery).toEqual({ phone: "revealed" });
    expect(JSON.parse(after.jsonLd).offers.seller.telephone).toBe("02 9000 0000");
    const callAfter = after.buttons.find((button) => button.id === "call_us_now");
    expect(callAfter && "href" in callAfter ? callAfter.href : null).toBe("tel:0290000000");
  });

  it("the reveal answers with the dealer's number and the site numbers the header and footer masked", () => {
    const hidden = makeTenant({ phone: "1300 000 111", features: { phone_reveal: true } });
    expect(revealResponse(vehicle, hidden.site, silent)).toEqual({
      carId: vehicle.id,
      phone: "02 9000 0000",
      telHref: "tel:0290000000",
      sitePhone: "1300 000 111",
      primaryPhone: hidden.site.locations[0]!.contact_detail.phone,
    });
  });

  it("without a location phone: warns 'No phone number available for car' and shows the site's number", () => {
    const { log, lines } = memoryLog();
    const site = makeTenant({ phone: "1300 000 111" });
    const view = page(makeVehicle({ location: { ...vehicle.location, phone: null } }), "", { site, log });
    expect(view.phone.number).toBe("1300 000 111");
    expect(lines.filter((line) => line.msg === NO_PHONE_WARNING && line.level === 40)).toHaveLength(1);
  });

  it("links 'See more from this dealer' to the search filtered by dealership", () => {
    expect(page(vehicle).phone.seeMoreHref).toContain("refinementList[dealership_slug][0]=harbourside-motors");
  });

  it("the JSON-LD offer carries the sale price: the subscription the page shows is a second offer; none for 'Enquire for price.'", () => {
    const subscriptions = makeTenant({ flags: { ...tenant.site.flags, offers_subscription: true } });
    const subscribed = page(makeVehicle({ ...vehicle, price: 12_490, subscription_price: 199 }), "", { site: subscriptions });
    expect(subscribed.price.text).toBe("$199");
    const offers = JSON.parse(subscribed.jsonLd).offers;
    expect(offers[0].price).toBe(12_490);
    expect(offers[1].priceSpecification).toMatchObject({ price: 199, unitCode: "WEE" });
    const noPrice = page(makeVehicle({ ...vehicle, price: 0 }));
    expect(noPrice.price.text).toBe("Enquire for price.");
    expect(JSON.parse(noPrice.jsonLd).offers).not.toHaveProperty("price");
  });

  it("the share image is the first photo cropped to 1200×630 by /_image (fit=cover)", () => {
    const view = page(makeVehicle({ id: 8, photos_count: 1, images: [{ image: { url: "/demo-images/toyota-suv-1.svg" } }] }));
    expect(view.ogImage).toBe("https://harbourside.example/_image?url=%2Fdemo-images%2Ftoyota-suv-1.svg&w=1200&q=80&h=630&fit=cover");
  });

  it("no photo: no images and a Request Photos link carrying the car id", () => {
    const view = page(makeVehicle({ id: 9, images: [], primary_image_url: null }));
    expect(view.images).toEqual([]);
    expect(view.requestPhotosHref).toBe("/request-photos?car_id=9");
    expect(view.ogImage).toBeNull();
  });

  it("missing optional fields never render as undefined, null or NaN", () => {
    const bare = makeVehicle({
      badge: null,
      series: null,
      km: null,
      price: null,
      price_type: null,
      vin: null,
      fuel: null,
      simple_fuel: null,
      seats: null,
      colour: null,
      body: null,
      simple_body: null,
      drive: null,
      simple_drive: null,
      transmission: null,
      simple_transmission: null,
      description: null,
      autograb_data: null,
    });
    const view = page(bare);
    expect(view.price).toEqual({ text: "Enquire for price.", kind: "text" });
    expect(view.calculator).toBeNull();
    expect(JSON.stringify(view)).not.toMatch(/undefined|NaN/);
    expect(view.specs.map((row) => row.key)).toEqual(["stocknum", "location"]);
    expect(financeHref(bare, tenant.site)).toContain("vehiclePriceBudget=&");
  });

  it("spells for the locale: 'Inquire now' and 'Color' on en-US sites, miles for distance", () => {
    const us = makeTenant({ locale: "en-US", distance_unit: "mi", features: { vehicle_buttons: ["enquire_now"] } });
    const view = page(makeVehicle({ km: 16_093 }), "", { site: us });
    expect(view.buttons).toEqual([
      { id: "enquire_now", label: "Inquire now", href: "/cars/vehicle-1/enquire", external: false, rank: "primary" },
    ]);
    expect(view.specs.find((row) => row.key === "colour")?.label).toBe("Color");
    expect(view.specs.find((row) => row.key === "odometer")?.value).toBe("10,000 mi");
  });

  it("shows the registration from the dealer's feed as the locale's word: Rego, License plate in the US", () => {
    const registered = makeVehicle({ registration: "1ABC234", registration_state: "NSW" });
    expect(page(registered).specs.find((row) => row.key === "registration")).toEqual({
      key: "registration",
      label: "Rego",
      value: "1ABC234 (NSW)",
    });
    const us = makeTenant({ locale: "en-US" });
    const plate = page(makeVehicle({ registration: "8ABC123", registration_state: null }), "", { site: us }).specs;
    expect(plate.find((row) => row.key === "registration")).toEqual({ key: "registration", label: "License plate", value: "8ABC123" });
    expect(page(makeVehicle({})).specs.some((row) => row.key === "registration")).toBe(false);
  });

  it("uses the detail base of the template: /motorcycles", () => {
    const moto = makeTenant({ template: "motorcycle", features: { vehicle_buttons: ["book_test_drive"] } });
    const view = page(makeVehicle({ id: 5 }), "", { site: moto });
    expect(view.path).toBe("/motorcycles/vehicle-5");
    expect(view.buttons).toEqual([
      { id: "book_test_drive", label: "Book a test drive", href: "/motorcycles/vehicle-5/test-drive", external: false, rank: "secondary" },
    ]);
  });

  it("the certified-used dialog only for the site's certified manufacturer", () => {
    const site = makeTenant({ features: { certified_used_manufacturer: "Nissan" } });
    expect(page(makeVehicle({ make: "Nissan", certified: true }), "", { site }).certifiedMake).toBe("Nissan");
    expect(page(makeVehicle({ make: "Nissan", certified: false }), "", { site }).certifiedMake).toBeNull();
    expect(page(makeVehicle({ make: "Toyota", certified: true }), "", { site }).certifiedMake).toBeNull();
  });

  it("the certified-used banner reads the same on the card and the vehicle page (spec 000 §4)", () => {
    const site = makeTenant({ features: { certified_used_manufacturer: "Toyota" } });
    const vehicle = makeVehicle({ make: "TOYOTA", certified: true });
    const card = cardView(vehicle, site.site, fixtureNow, "/search/used-cars");
    expect(card.tag?.text).toBe("Toyota Certified Used");
    expect(page(vehicle, "", { site }).tag).toBe(card.tag?.text);
    expect(certifiedUsedLabel("Toyota")).toBe("Toyota Certified Used");
  });

  it("the market indicator shows 'below market price' as the rule says", () => {
    const view = page(makeVehicle({ price: 20_000, autograb_data: { average_market_price: 21_000, state_average_market_price: 22_000 } }));
    expect(view.marketIndicator).toBe("below market price");
  });
});

describe("vehicle page button ranks", () => {
  it("one primary (Enquire now), two secondary (Call, Book a test drive), the rest compact, each in the site's order", () => {
    const site = makeTenant({
      features: { vehicle_buttons: ["get_finance", "book_test_drive", "enquire_now", "call_us_now", "reserve_car_now"] },
    });
    const view = page(makeVehicle({ id: 7 }), "", { site });
    const ranked = (rank: string) => view.buttons.filter((button) => button.rank === rank).map((button) => button.id);
    expect(ranked("primary")).toEqual(["enquire_now"]);
    expect(ranked("secondary")).toEqual(["book_test_drive", "call_us_now"]);
    expect(ranked("more")).toEqual(
      view.buttons.map((b) => b.id).filter((id) => !["enquire_now", "book_test_drive", "call_us_now"].includes(id)),
    );
  });
});

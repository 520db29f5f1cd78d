import { describe, expect, it } from "vitest";
import { DEFAULT_SIMILAR_LIMIT, similarCtaText, similarVehicles } from "~/server/stock/similar";
import { tradeInAvailable, tradeInHref } from "~/server/stock/trade-in";
import { vehicleButtons } from "~/server/stock/vehicle-buttons";
import { vehicleButtons as allButtons } from "~/server/tenants/schema";
import type { Vehicle } from "~/server/stock/vehicle";
import { makeSite } from "../fixtures/tenant";
import { DAY_MS, corollaNow as NOW, makeCorolla } from "../fixtures/vehicles";

describe("similarVehicles", () => {
  const site = makeSite();
  const target = makeCorolla({ id: 1, price: 20_000, simple_body: "SUV" });
  const suv = (id: number, price: number | null, overrides: Partial<Vehicle> = {}) =>
    makeCorolla({ id, price, simple_body: "SUV", ...overrides });

  it("keeps the same body type within ±25% of the price first, closest first, then fills up with the nearest prices", () => {
    const candidates = [suv(2, 25_000), suv(3, 15_000), suv(4, 21_000), suv(5, 25_001), suv(6, 14_999), suv(8, 40_000), suv(7, 19_500)];
    expect(similarVehicles(target, candidates, site, NOW, 10).map((vehicle) => vehicle.id)).toEqual([7, 4, 2, 3, 5, 6, 8]);
    expect(similarVehicles(target, candidates, site, NOW, 4).map((vehicle) => vehicle.id)).toEqual([7, 4, 2, 3]);
  });

  it("one other in the band still gives a full row of the same body type", () => {
    const candidates = [
      suv(2, 21_000),
      suv(3, 60_000),
      suv(4, 9_000),
      suv(5, 35_000),
      makeCorolla({ id: 6, price: 20_000, simple_body: "Ute" }),
    ];
    expect(similarVehicles(target, candidates, site, NOW, 4).map((vehicle) => vehicle.id)).toEqual([2, 4, 5, 3]);
  });

  it("excludes the target, other bodies, unlisted, sold and missing prices", () => {
    const candidates = [
      suv(1, 20_000),
      makeCorolla({ id: 2, price: 20_000, simple_body: "Sedan" }),
      suv(3, 20_000, { show_on_dealer_website: false }),
      suv(4, 20_000, { status: "sold", sold: true, sold_date_timestamp: NOW - DAY_MS }),
      suv(5, null),
      suv(6, 20_000, { status: "coming_soon" }),
    ];
    expect(similarVehicles(target, candidates, site, NOW, 10).map((vehicle) => vehicle.id)).toEqual([6]);
  });

  it("breaks ties by id and stops at the limit", () => {
    const candidates = [suv(9, 21_000), suv(8, 19_000), suv(7, 20_500)];
    expect(similarVehicles(target, candidates, site, NOW, 2).map((vehicle) => vehicle.id)).toEqual([7, 8]);
    expect(DEFAULT_SIMILAR_LIMIT).toBe(3);
    expect(similarVehicles(target, [...candidates, suv(10, 20_000)], site, NOW)).toHaveLength(3);
  });

  it("compares body type only when the target has no shown price", () => {
    const noPrice = makeCorolla({ id: 1, price: 10, simple_body: "SUV" });
    expect(similarVehicles(noPrice, [suv(2, 90_000), suv(3, null)], site, NOW, 10).map((vehicle) => vehicle.id)).toEqual([2, 3]);
  });

  it("finds nothing for a target without a body type", () => {
    expect(similarVehicles(makeCorolla({ simple_body: null }), [suv(2, 20_000)], site, NOW, 10)).toEqual([]);
  });

  it("uses the site's call-to-action text", () => {
    expect(similarCtaText(site)).toBe("Find Me Something Similar");
    const other = makeSite({ features: { similar_text: "Like this and want something similar?" } });
    expect(similarCtaText(other)).toBe("Like this and want something similar?");
  });
});

describe("tradeInAvailable", () => {
  it("needs the site to offer trade-ins and the vehicle listed, available and unsold", () => {
    expect(tradeInAvailable(makeCorolla(), makeSite())).toBe(true);
    expect(tradeInAvailable(makeCorolla({ status: "coming_soon" }), makeSite())).toBe(true);
    expect(tradeInAvailable(makeCorolla(), makeSite({ features: { offers_trade_in: false } }))).toBe(false);
    expect(tradeInAvailable(makeCorolla({ status: "sold" }), makeSite())).toBe(false);
    expect(tradeInAvailable(makeCorolla({ sold: true }), makeSite())).toBe(false);
    expect(tradeInAvailable(makeCorolla({ show_on_dealer_website: false }), makeSite())).toBe(false);
  });

  it("links /cars/trade-in?car_id={id}", () => {
    expect(tradeInHref(makeCorolla({ id: 4242 }))).toBe("/cars/trade-in?car_id=4242");
  });
});

describe("vehicleButtons (spec 000 §2)", () => {
  const processor = { authorization_type: "stripe", authorization_key: "pk_test_123", deposit_amount: 500 };
  const everything = makeSite({
    payment_provider: "Stripe",
    finance_provider: "Manual",
    zendesk_key: "zd-key",
    impel_chatbot_key: "impel-key",
    flags: { impel: true },
    features: { vehicle_buttons: [...allButtons] },
  });
  const ready = (overrides: Partial<Vehicle> = {}) =>
    makeCorolla({
      file: "https://reports.example/abc.pdf",
      payment_processors: [processor],
      has_checkout_payment_processor: true,
      ...overrides,
    });

  it("shows every configured button that applies, in the spec's order", () => {
    expect(vehicleButtons(ready(), everything)).toEqual([...allButtons]);
  });

  it("keeps the site's own order", () => {
    const site = makeSite({ features: { vehicle_buttons: ["enquire_now", "dealer_phone_box", "book_test_drive"] } });
    expect(vehicleButtons(ready(), site)).toEqual(["enquire_now", "dealer_phone_box", "book_test_drive"]);
  });

  it("gives a sold vehicle no reserve, finance or trade-in", () => {
    const sold = ready({ status: "sold", sold: true, sold_date_timestamp: NOW - DAY_MS });
    const shown = vehicleButtons(sold, everything);
    expect(shown).not.toContain("reserve_car_now");
    expect(shown).not.toContain("get_finance");
    expect(shown).not.toContain("trade_in_valuation");
    expect(shown).toContain("enquire_now");
  });

  it("shows the history report only when the vehicle has a file", () => {
    expect(vehicleButtons(ready({ file: null }), everything)).not.toContain("car_history_report");
    expect(vehicleButtons(ready({ file: "" }), everything)).not.toContain("car_history_report");
  });

  it("shows reserve only when the vehicle can be reserved", () => {
    expect(vehicleButtons(ready({ price: 200 }), everything)).not.toContain("reserve_car_now");
    expect(vehicleButtons(ready({ price: 201 }), everything)).toContain("reserve_car_now");
  });

  it("hides payment methods without a payment provider", () => {
    const site = makeSite({ features: { vehicle_buttons: ["payment_methods", "enquire_now"] } });
    expect(vehicleButtons(ready(), site)).toEqual(["enquire_now"]);
  });

  it("hides finance where finance is hidden", () => {
    const hidden = makeSite({ features: { vehicle_buttons: ["get_finance"], finance_hidden_manufacturers: ["Toyota"] } });
    expect(vehicleButtons(ready(), hidden)).toEqual([]);
    const shown = makeSite({ features: { vehicle_buttons: ["get_finance"] } });
    expect(vehicleButtons(ready(), shown)).toEqual(["get_finance"]);
  });

  it("shows chat only with a chat configured", () => {
    const none = makeSite({ features: { vehicle_buttons: ["chat"] } });
    expect(vehicleButtons(ready(), none)).toEqual([]);
    expect(vehicleButtons(ready(), makeSite({ features: { vehicle_buttons: ["chat"], chat_url: "https://chat.example" } }))).toEqual([
      "chat",
    ]);
    expect(vehicleButtons(ready(), makeSite({ livechat_agent_group: "7", features: { vehicle_buttons: ["chat"] } }))).toEqual(["chat"]);
  });

  it("shows the assistant chat wherever the dealer configured it: every site has its own assistant", () => {
    const buttons = { vehicle_buttons: ["open_assistant_chat" as const] };
    expect(vehicleButtons(ready(), makeSite({ impel_chatbot_key: null, flags: { impel: false }, features: buttons }))).toEqual([
      "open_assistant_chat",
    ]);
    expect(vehicleButtons(ready(), makeSite({ impel_chatbot_key: "k", flags: { impel: true }, features: buttons }))).toEqual([
      "open_assistant_chat",
    ]);
    expect(vehicleButtons(ready(), makeSite({ features: { vehicle_buttons: ["enquire_now"] } }))).toEqual(["enquire_now"]);
  });

  it("hides trade-in when the site does not offer it", () => {
    const site = makeSite({ features: { vehicle_buttons: ["trade_in_valuation"], offers_trade_in: false } });
    expect(vehicleButtons(ready(), site)).toEqual([]);
  });
});

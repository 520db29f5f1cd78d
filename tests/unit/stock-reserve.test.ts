import { describe, expect, it } from "vitest";
import { autograbEligible, canReserve, detailBasePath, reserveHref, vehicleHref } from "~/server/stock/can-reserve";
import { makeSite } from "../fixtures/tenant";
import { makeCorolla } from "../fixtures/vehicles";
import type { Vehicle } from "~/server/stock/vehicle";

const stripe = makeSite({ payment_provider: "Stripe" });
const processor = { authorization_type: "stripe", authorization_key: "pk_test_123", deposit_amount: 500 };
const reservable = (overrides: Partial<Vehicle> = {}) =>
  makeCorolla({ price: 25_990, payment_processors: [processor], has_checkout_payment_processor: true, ...overrides });

describe("canReserve (spec 000 §5: all must hold)", () => {
  it("allows a reservable in-stock vehicle", () => {
    expect(canReserve(reservable(), stripe)).toBe(true);
  });

  it("needs a payment provider", () => {
    expect(canReserve(reservable(), makeSite({ payment_provider: null }))).toBe(false);
  });

  it("needs status in_stock", () => {
    expect(canReserve(reservable({ status: "coming_soon" }), stripe)).toBe(false);
    expect(canReserve(reservable({ status: "sold" }), stripe)).toBe(false);
  });

  it("respects the extra exclusion check when given", () => {
    expect(canReserve(reservable(), stripe, () => true)).toBe(false);
    expect(canReserve(reservable(), stripe, () => false)).toBe(true);
  });

  it("needs a checkout payment processor or a payment key", () => {
    expect(canReserve(reservable({ has_checkout_payment_processor: false }), stripe)).toBe(true);
    const keyless = { ...processor, authorization_key: null };
    expect(canReserve(reservable({ has_checkout_payment_processor: true, payment_processors: [keyless] }), stripe)).toBe(true);
    expect(canReserve(reservable({ has_checkout_payment_processor: false, payment_processors: [keyless] }), stripe)).toBe(false);
    const emptyKey = { ...processor, authorization_key: "" };
    expect(canReserve(reservable({ has_checkout_payment_processor: false, payment_processors: [emptyKey] }), stripe)).toBe(false);
  });

  it("needs the vehicle not sold and not reserved", () => {
    expect(canReserve(reservable({ sold: true }), stripe)).toBe(false);
    expect(canReserve(reservable({ reserved: true }), stripe)).toBe(false);
  });

  it("needs a price over 200", () => {
    expect(canReserve(reservable({ price: 201 }), stripe)).toBe(true);
    expect(canReserve(reservable({ price: 200 }), stripe)).toBe(false);
    expect(canReserve(reservable({ price: null }), stripe)).toBe(false);
  });

  it("needs reservable not false (null counts as allowed)", () => {
    expect(canReserve(reservable({ reservable: null }), stripe)).toBe(true);
    expect(canReserve(reservable({ reservable: true }), stripe)).toBe(true);
    expect(canReserve(reservable({ reservable: false }), stripe)).toBe(false);
  });

  it("needs at least one payment processor", () => {
    expect(canReserve(reservable({ payment_processors: [], has_checkout_payment_processor: true }), stripe)).toBe(false);
  });
});

describe("autograbEligible (spec 000 §5 core rule)", () => {
  it("needs in_stock, not sold, not reserved and price above 200", () => {
    expect(autograbEligible(makeCorolla({ price: 201 }))).toBe(true);
    expect(autograbEligible(makeCorolla({ price: 200 }))).toBe(false);
    expect(autograbEligible(makeCorolla({ price: null }))).toBe(false);
    expect(autograbEligible(makeCorolla({ status: "coming_soon" }))).toBe(false);
    expect(autograbEligible(makeCorolla({ sold: true }))).toBe(false);
    expect(autograbEligible(makeCorolla({ reserved: true }))).toBe(false);
  });

  it("does not need payment setup", () => {
    expect(autograbEligible(makeCorolla({ payment_processors: [], reservable: false }))).toBe(true);
  });
});

describe("detail and reserve paths (spec 000 §2)", () => {
  const vehicle = makeCorolla({ slug: "2021-toyota-corolla" });

  it("uses /cars, /motorcycles or /campers by template", () => {
    expect(detailBasePath(makeSite({ template: "car" }))).toBe("/cars");
    expect(detailBasePath(makeSite({ template: "4x4" }))).toBe("/cars");
    expect(detailBasePath(makeSite({ template: "truck" }))).toBe("/cars");
    expect(detailBasePath(makeSite({ template: "motorcycle" }))).toBe("/motorcycles");
    expect(detailBasePath(makeSite({ template: "camper" }))).toBe("/campers");
  });

  it("links the vehicle page", () => {
    expect(vehicleHref(vehicle, makeSite())).toBe("/cars/2021-toyota-corolla");
    expect(vehicleHref(vehicle, makeSite({ template: "motorcycle" }))).toBe("/motorcycles/2021-toyota-corolla");
  });

  it("links checkout, or buy-online on buy-online sites", () => {
    expect(reserveHref(vehicle, makeSite())).toBe("/cars/2021-toyota-corolla/checkout");
    expect(reserveHref(vehicle, makeSite({ features: { buy_online: true } }))).toBe("/cars/2021-toyota-corolla/buy-online");
    expect(reserveHref(vehicle, makeSite({ template: "camper", features: { buy_online: true } }))).toBe(
      "/campers/2021-toyota-corolla/buy-online",
    );
  });
});

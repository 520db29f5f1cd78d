import { describe, expect, it } from "vitest";
import { carDetails, carIdentifiers } from "~/server/handlers/shared/car";
import { buildFlowLead } from "~/server/handlers/multi-step/flow-lead";
import { toAdf } from "~/server/leads/delivery/adf";
import type { FormKind } from "~/server/leads/form-kinds";
import type { LeadFormValues } from "~/server/leads/forms";
import { buildLead, type CarDetails, type Lead } from "~/server/leads/lead-object";
import { FINANCE_FLOW, SELL_MY_CAR_FLOW, TRADE_IN_FLOW } from "~/server/multi-step/flows";
import type { FlowDefinition } from "~/server/multi-step/flow-types";
import type { StepValues } from "~/server/multi-step/step-schema";
import { newVisitor } from "~/server/visitor/context";
import { makeTenant } from "../fixtures/leads-tenant";
import { makeVehicle } from "../fixtures/vehicles";
import { adfDtdErrors } from "../fixtures/adf/adf-dtd";

const T0 = Date.UTC(2026, 0, 2, 3, 4, 5);
const tenant = makeTenant();
const visitor = newVisitor(T0);
const request = { url: "https://harbourside.example/contact", userAgent: "test", now: T0 };
const contact = {
  name: "Jane Citizen",
  email: "jane@example.com",
  phone: "0412 345 678",
  location: "12",
  message: "Is it still available?",
};
const usedCar = makeVehicle({ id: 7, car_type: "used", vin: "JTNB23HE0J0000001", colour: "Glacier White", series: "ZWE211R" });

function lead(kind: FormKind, values: LeadFormValues = {}, car?: CarDetails): Lead {
  return { ...buildLead({ kind, tenant, visitor, request, values: { ...contact, ...values }, car }), lead_id: "lead-1" };
}

function flowLead(flow: FlowDefinition, values: StepValues, status: "Complete" | "Incomplete", step: number): Lead {
  const built = buildFlowLead({ flow, tenant, values, car: null, visitor, request: { ...request, hasFiles: false } });
  return { ...built, lead_id: "lead-2", lead_status: status, step_number: step, form_completed: status === "Complete" };
}

const ownCar = {
  "Vehicle Make": "Toyota",
  "Vehicle Model": "Corolla",
  "Vehicle Year": "2015",
  Rego: "ABC123",
  rego_state: "NSW",
  odometer: "123000",
};

const KINDS: [string, Lead][] = [
  ["general", lead("general", { category: "General" })],
  ["service", lead("service", { Rego: "XYZ987", additional_services: ["Tyres", "Brakes"] })],
  ["parts", lead("parts", { Rego: "XYZ987" })],
  ["new vehicle", lead("vehicle", {}, carDetails(makeVehicle({ id: 8, car_type: "new" })))],
  ["used vehicle", lead("vehicle", {}, carDetails(usedCar))],
  ["demo vehicle", lead("vehicle", {}, carDetails(makeVehicle({ id: 9, car_type: "demo" })))],
  ["fleet", lead("fleet")],
  ["finance", lead("finance", { vehiclePriceBudget: "30000" }, carDetails(usedCar))],
  ["careers", lead("careers")],
  ["test drive", lead("test-drive", { date: "2026-02-01" }, carDetails(usedCar))],
  ["trade-in", lead("trade-in", ownCar)],
  ["sell my car", lead("sell-my-car", { ...ownCar, "Ready to sell": true })],
  ["request photos", lead("request-photos", { message: undefined }, carDetails(usedCar))],
  ["find similar", lead("find-similar", {}, carDetails(usedCar))],
  ["reserve", lead("reserve", {}, carDetails(usedCar))],
  [
    "finance flow, complete",
    flowLead(
      FINANCE_FLOW,
      {
        name: "Jane",
        last_name: "Citizen",
        email: "jane@example.com",
        phone: "0412345678",
        annual_income: "85000",
        "Vehicle Make": "Mazda",
        "Vehicle Model": "CX-5",
        price: "30000",
      },
      "Complete",
      5,
    ),
  ],
  [
    "finance flow, incomplete after step 1",
    flowLead(FINANCE_FLOW, { name: "Jane", last_name: "Citizen", age_band: "25-34" }, "Incomplete", 1),
  ],
  ["trade-in flow, complete", flowLead(TRADE_IN_FLOW, { ...ownCar, condition: "Good", ...contact }, "Complete", 3)],
  ["trade-in flow, incomplete", flowLead(TRADE_IN_FLOW, { ...ownCar, condition: "Good" }, "Incomplete", 1)],
  ["sell-my-car flow, complete", flowLead(SELL_MY_CAR_FLOW, { ...ownCar, expected_price: "15000", ...contact }, "Complete", 4)],
  ["sell-my-car flow, incomplete", flowLead(SELL_MY_CAR_FLOW, ownCar, "Incomplete", 1)],
  ["registered car", lead("vehicle", {}, carDetails(makeVehicle({ id: 10, registration: "1ABC234", registration_state: "NSW" })))],
];

describe("ADF 1.0 for every lead kind", () => {
  it.each(KINDS)("%s validates against the ADF 1.0 DTD", (_kind, value) => {
    expect(adfDtdErrors(toAdf(value, tenant, new Date(T0)))).toBe("");
  });

  it("a lead with a control character in its message still validates (stripped at output too)", () => {
    expect(adfDtdErrors(toAdf({ ...KINDS[0][1], message: "a\u000Bb\uFFFEc\uD800" }, tenant, new Date(T0)))).toBe("");
  });
});

describe("ADF mapping", () => {
  const xml = (value: Lead) => toAdf(value, tenant, new Date(T0));

  it("identifies the lead and dates it at its creation, with the offset", () => {
    const out = xml(KINDS[0][1]);
    expect(out).toContain(
      '<prospect status="new"><id sequence="1" source="Forecourt">lead-1</id><requestdate>2026-01-02T03:04:05+00:00</requestdate>',
    );
    expect(xml({ ...KINDS[0][1], created_at: "2025-12-31T23:00:00.000Z" })).toContain(
      "<requestdate>2025-12-31T23:00:00+00:00</requestdate>",
    );
  });

  it("describes the car of interest from the stock record, with the price the shopper saw", () => {
    expect(xml(KINDS[4][1])).toContain(
      '<vehicle interest="buy" status="used"><id sequence="1" source="Forecourt">7</id><year>2020</year><make>Toyota</make><model>Corolla</model><vin>JTNB23HE0J0000001</vin><stock>S00007</stock><trim>Ascent ZWE211R</trim>',
    );
    expect(xml(KINDS[4][1])).toMatch(
      /<odometer units="km">40000<\/odometer><colorcombination><exteriorcolor>Glacier White<\/exteriorcolor><preference>1<\/preference><\/colorcombination><price type="asking" currency="AUD">25000<\/price><\/vehicle>/,
    );
  });

  it("gives the car's registration from the dealer's feed in the vehicle's comments, and only once", () => {
    const out = xml(KINDS.find(([kind]) => kind === "registered car")![1]);
    expect(out).toMatch(/<price type="asking" currency="AUD">\d+<\/price><comments>Rego: 1ABC234 \(NSW\)<\/comments><\/vehicle>/);
    expect(out.match(/1ABC234/g)).toHaveLength(1);
  });

  it("marks demo cars used and test drives test-drive", () => {
    expect(xml(KINDS[5][1])).toContain('<vehicle interest="buy" status="used">');
    expect(xml(KINDS[3][1])).toContain('<vehicle interest="buy" status="new">');
    expect(xml(KINDS[9][1])).toContain('<vehicle interest="test-drive" status="used">');
  });

  it("writes no price for 'Enquire for price.' cars, and says what was shown", () => {
    const out = xml(lead("vehicle", {}, carDetails(makeVehicle({ price: 0 }))));
    expect(out).not.toContain("<price ");
    expect(out).toContain("<pricecomments>Enquire for price.</pricecomments>");
    expect(adfDtdErrors(out)).toBe("");
  });

  it("gives odometers in miles on US sites", () => {
    const us = makeTenant({ locale: "en-US", phoneRegion: "us" });
    const usLead = buildLead({
      kind: "vehicle",
      tenant: us,
      visitor,
      request,
      values: { ...contact, phone: "(212) 555-0123" },
      car: carDetails(usedCar),
    });
    expect(toAdf(usLead, { ...us, site: { ...us.site, distance_unit: "mi" } }, new Date(T0))).toContain(
      '<odometer units="mi">24855</odometer>',
    );
  });

  it("sends a traded-in car as its own used trade-in vehicle with odometer, rego and condition", () => {
    const out = xml(KINDS[17][1]);
    expect(out).toContain(
      '<vehicle interest="trade-in" status="used"><year>2015</year><make>Toyota</make><model>Corolla</model><odometer units="km">123000</odometer><comments>Rego: ABC123 NSW; Condition: Good</comments></vehicle>',
    );
    expect(xml(KINDS[19][1])).toContain('<vehicle interest="sell" status="used"><year>2015</year>');
  });

  it("keeps the car of interest beside the trade-in when the shopper came from a car", () => {
    const out = xml(lead("trade-in", ownCar, carIdentifiers(usedCar)));
    expect(out).toContain(
      '<vehicle interest="buy" status="used"><id sequence="1" source="Forecourt">7</id><year></year><make></make><model></model><stock>S00007</stock></vehicle><vehicle interest="trade-in"',
    );
  });

  it("gives an enquiry about no car one vehicle with empty year, make and model", () => {
    expect(xml(KINDS[0][1])).toContain("<vehicle><year></year><make></make><model></model></vehicle>");
  });

  it("splits a single Name field at its last word, with E.164 mobile and postcode", () => {
    const out = xml({ ...KINDS[0][1], name: "Mary-Jane O'Brien", first_name: "Mary-Jane O'Brien", postcode: "2000" });
    expect(out).toContain(
      '<customer><contact><name part="first">Mary-Jane</name><name part="last">O&apos;Brien</name><email>jane@example.com</email><phone type="cellphone">+61412345678</phone><address><street line="1"></street><postalcode>2000</postalcode><country>AU</country></address></contact>',
    );
    expect(xml({ ...KINDS[0][1], name: "Cher", first_name: "Cher" })).toContain('<name part="full">Cher</name>');
    expect(xml({ ...KINDS[0][1], phone: "02 9000 0000", phone_e164: "+61290000000" })).toContain(
      '<phone type="voice">+61290000000</phone>',
    );
  });

  it("carries the message, category, subcategory and the form's answers in the comments", () => {
    expect(xml(KINDS[1][1])).toContain(
      "<comments>Service Enquiry / Service Booking\nMessage: Is it still available?\nPhone as entered: 0412 345 678\nRego: XYZ987\nAdditional services: Tyres, Brakes\nPage: https://harbourside.example/contact</comments>",
    );
    expect(xml(KINDS[9][1])).toContain("Preferred date: 2026-02-01");
    expect(xml(KINDS[15][1])).toContain("Annual income before tax: 85000");
    expect(xml(KINDS[16][1])).toContain("Lead status: Incomplete (saved at step 1)");
  });

  it("names the chosen location as vendor and Forecourt as provider", () => {
    expect(xml(KINDS[0][1])).toContain(
      '<vendor><vendorname>Harbourside Motors Pty Ltd</vendorname><url>https://harbourside.example</url><contact><name part="full" type="business">Location 12</name><email>sales@example.test</email><phone type="voice">02 9000 0000</phone><address><street line="1">1 Main St</street><city>Sydney</city><regioncode>NSW</regioncode><postalcode>2000</postalcode><country>AU</country></address></contact></vendor><provider><name part="full" type="business">Forecourt</name><service>Harbourside Motors website</service></provider></prospect></adf>',
    );
  });
});

import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { adfDocument, prospectXml, toAdf } from "~/server/leads/delivery/adf";
import type { Lead } from "~/server/leads/lead-object";
import { makeTenant } from "../fixtures/leads-tenant";

// Issue 11 §1: every kind of lead goes out as ADF 1.0 that validates against the DTD (xmllint from
// Debian's libxml2-utils; scripts/test-all.sh installs it when missing).

const DTD = path.resolve("tests/fixtures/adf/adf-1.0.dtd");

function validate(xml: string): string {
  try {
    execFileSync("xmllint", ["--noout", "--dtdvalid", DTD, "-"], { input: xml, stdio: ["pipe", "pipe", "pipe"] });
    return "valid";
  } catch (error) {
    const failure = error as { code?: string; stderr?: Buffer };
    if (failure.code === "ENOENT") throw new Error("xmllint is not installed: apt-get install -y libxml2-utils");
    return failure.stderr?.toString() ?? String(error);
  }
}

const contact = { first_name: "Jane", last_name: "Citizen", email: "jane@example.com", phone: "0412345678", postcode: "2000" };
const stockCar = {
  car_id: "101",
  car_type: "used",
  stock_number: "HS101",
  "Vehicle Make": "Mazda",
  "Vehicle Model": "CX-5",
  "Vehicle Year": "2022",
  vin: "JM0KF4W7A00123456",
  price: 34990,
};
const ownCar = {
  "Vehicle Make": "Toyota",
  "Vehicle Model": "Corolla",
  "Vehicle Year": "2015",
  odometer: "120000",
  Rego: "ABC123",
  condition: "Fair",
};

const kinds: Array<[string, Lead]> = [
  ["general", { ...contact, category: "General Enquiry", subcategory: "General", message: "Hello" }],
  ["service", { ...contact, category: "Service Enquiry", Rego: "XYZ987", additional_services: ["Wheel alignment"], date: "2026-12-01" }],
  ["parts", { ...contact, category: "Parts Enquiry", message: "Floor mats" }],
  ["new vehicle", { ...contact, ...stockCar, car_type: "new", category: "New Vehicle Enquiry" }],
  ["used vehicle", { ...contact, ...stockCar, category: "Used Vehicle Enquiry" }],
  ["demo vehicle", { ...contact, ...stockCar, car_type: "demo", category: "Demo Vehicle Enquiry" }],
  ["enquire for price", { ...contact, ...stockCar, price: null, category: "Used Vehicle Enquiry" }],
  ["fleet", { ...contact, category: "Fleet Enquiry", message: "Ten utes" }],
  ["finance", { ...contact, ...stockCar, category: "Finance Enquiry", finance_amount: "30000" }],
  ["careers", { ...contact, category: "Careers Enquiry", subcategory: "Career Enquiry" }],
  ["test drive", { ...contact, ...stockCar, category: "Test Drive Enquiry", date: "2026-12-02" }],
  ["trade-in", { ...contact, ...ownCar, category: "Trade-In Enquiry" }],
  [
    "trade-in on a stock car",
    { ...contact, car_id: "101", car_type: "used", stock_number: "HS101", ...ownCar, category: "Trade-In Enquiry" },
  ],
  ["sell my car", { ...contact, ...ownCar, category: "Sell My Car Enquiry", expected_price: "9000" }],
  ["request photos", { ...contact, ...stockCar, category: "Request Photos Enquiry" }],
  ["reserve", { ...contact, ...stockCar, category: "Reserve Car Enquiry" }],
  [
    "finance application (complete)",
    {
      ...contact,
      ...stockCar,
      category: "Finance Enquiry",
      subcategory: "Finance Application",
      annual_income: "85000",
      years_employed: "4",
      lead_status: "Complete",
    },
  ],
  [
    "finance application (incomplete)",
    {
      first_name: "Jane",
      email: "jane@example.com",
      category: "Finance Enquiry",
      subcategory: "Finance Application",
      lead_status: "Incomplete",
    },
  ],
  ["trade-in valuation", { ...contact, ...ownCar, category: "Trade-In Enquiry", subcategory: "Trade-In Valuation" }],
  ["sell my car steps (incomplete)", { phone: "0412345678", first_name: "", category: "Sell My Car Enquiry", "Vehicle Year": "2019" }],
  [
    "single-word name, control characters",
    { first_name: "Cher", email: "cher@example.com", category: "General Enquiry", message: "a\u000Bb\u0000c\uFFFE" },
  ],
];

describe("ADF 1.0 against the DTD", () => {
  const tenants = [makeTenant(), makeTenant({ locale: "en-NZ" }), makeTenant({ locale: "en-US" })];
  for (const [label, lead] of kinds) {
    it(`${label} validates`, () => {
      for (const tenant of tenants)
        expect(validate(toAdf(lead, tenant, { id: `lead-${label}`, createdAt: Date.UTC(2026, 10, 23) }))).toBe("valid");
    });
  }

  it("an export of every kind at once validates", () => {
    const tenant = makeTenant();
    const xml = adfDocument(
      kinds.map(([label, lead], i) => prospectXml(lead, tenant, { id: `lead-${i}-${label}`, createdAt: Date.UTC(2026, 10, i + 1) })),
    );
    expect(validate(xml)).toBe("valid");
  });

  it("the checker itself refuses a prospect without a vehicle", () => {
    expect(
      validate(
        '<?xml version="1.0"?><adf><prospect><requestdate>x</requestdate><customer><contact><name>J</name><email>j@x</email></contact></customer><vendor><vendorname>V</vendorname><contact><name>V</name><email>v@x</email></contact></vendor></prospect></adf>',
      ),
    ).not.toBe("valid");
  });
});

import { CATEGORIES } from "./events";

/** spec 001 §1/§2: the enquiry forms the platform renders. */
export const FORM_KINDS = [
  "general",
  "service",
  "parts",
  "vehicle",
  "test-drive",
  "finance",
  "trade-in",
  "fleet",
  "careers",
  "sell-my-car",
  "request-photos",
  "find-similar",
  "reserve",
] as const;
export type FormKind = (typeof FORM_KINDS)[number];

/** Extra fields a form kind adds to the common contact fields. */
export type KindExtra = "rego" | "additional_services" | "vehicle_hidden" | "date" | "finance_query" | "trade_vehicle" | "yes_no_flags";

export type FormKindDefinition = {
  kind: FormKind;
  category: string;
  subcategory: string;
  /** spec 001 §5: request-photos message (and any kind listed here) is optional. */
  messageOptional: boolean;
  extras: readonly KindExtra[];
};

/** spec 001 §4/§5 defaults per form. 'vehicle' takes its category from car_type (see vehicleCategory). */
export const FORM_KIND_DEFINITIONS: Record<FormKind, FormKindDefinition> = {
  general: { kind: "general", category: CATEGORIES.general, subcategory: "Contact", messageOptional: false, extras: [] },
  service: {
    kind: "service",
    category: CATEGORIES.service,
    subcategory: "Service Booking",
    messageOptional: false,
    extras: ["rego", "additional_services"],
  },
  parts: { kind: "parts", category: CATEGORIES.parts, subcategory: "Parts", messageOptional: false, extras: ["rego"] },
  vehicle: {
    kind: "vehicle",
    category: CATEGORIES.newVehicle,
    subcategory: "Vehicle Enquiry",
    messageOptional: false,
    extras: ["vehicle_hidden"],
  },
  "test-drive": {
    kind: "test-drive",
    category: CATEGORIES.testDrive,
    subcategory: "Book a Test Drive",
    messageOptional: false,
    extras: ["vehicle_hidden", "date"],
  },
  finance: {
    kind: "finance",
    category: CATEGORIES.finance,
    subcategory: "Finance Application",
    messageOptional: false,
    extras: ["finance_query", "vehicle_hidden"],
  },
  "trade-in": {
    kind: "trade-in",
    category: CATEGORIES.tradeIn,
    subcategory: "Trade-In Valuation",
    messageOptional: false,
    extras: ["trade_vehicle", "rego"],
  },
  fleet: { kind: "fleet", category: CATEGORIES.fleet, subcategory: "Fleet", messageOptional: false, extras: [] },
  careers: { kind: "careers", category: CATEGORIES.careers, subcategory: "Career Enquiry", messageOptional: false, extras: [] },
  "sell-my-car": {
    kind: "sell-my-car",
    category: CATEGORIES.sellMyCar,
    subcategory: "Sell My Car",
    messageOptional: false,
    extras: ["trade_vehicle", "rego", "yes_no_flags"],
  },
  "request-photos": {
    kind: "request-photos",
    category: CATEGORIES.requestPhotos,
    subcategory: "Request Photos",
    messageOptional: true,
    extras: ["vehicle_hidden"],
  },
  "find-similar": {
    kind: "find-similar",
    category: CATEGORIES.findSimilar,
    subcategory: "Find Me Something Similar",
    messageOptional: false,
    extras: ["vehicle_hidden"],
  },
  // spec 000 §2 /checkout (or /buy-online): the vehicle is the subject, so a message is not needed.
  reserve: {
    kind: "reserve",
    category: CATEGORIES.reserveCar,
    subcategory: "Reserve Car",
    messageOptional: true,
    extras: ["vehicle_hidden"],
  },
};

export function isFormKind(value: string): value is FormKind {
  return (FORM_KINDS as readonly string[]).includes(value);
}

/** spec 001 §2: vehicle enquiries are new, used or demo by the car's car_type. */
export function vehicleCategory(carType: string | undefined): string {
  if (carType === "used") return CATEGORIES.usedVehicle;
  if (carType === "demo") return CATEGORIES.demoVehicle;
  return CATEGORIES.newVehicle;
}

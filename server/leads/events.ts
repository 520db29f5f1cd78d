import { EVENT_IDS, withStepSuffix } from "~/server/events/definitions";
import { slugify } from "~/server/lib/slug";

/**
 * spec 001 §4 category → event mapping and §9 event ids. The spec shows 22 (default form submit),
 * 51 (career) and 32 (multi-step, ' - Step {n}'); the other form-submission ids are our choice from
 * the numbers §9 leaves unassigned (see docs/decisions.md).
 */
export const DEFAULT_EVENT_ID = EVENT_IDS.formGeneral;
export const CAREER_EVENT_ID = EVENT_IDS.formCareer;
export const MULTI_STEP_EVENT_ID = EVENT_IDS.formMultiStep;

export const CATEGORIES = {
  general: "General Enquiry",
  service: "Service Enquiry",
  parts: "Parts Enquiry",
  newVehicle: "New Vehicle Enquiry",
  usedVehicle: "Used Vehicle Enquiry",
  demoVehicle: "Demo Vehicle Enquiry",
  testDrive: "Test Drive Enquiry",
  finance: "Finance Enquiry",
  tradeIn: "Trade-In Enquiry",
  fleet: "Fleet Enquiry",
  careers: "Careers Enquiry",
  sellMyCar: "Sell My Car Enquiry",
  requestPhotos: "Request Photos Enquiry",
  findSimilar: "Find Similar Enquiry",
  reserveCar: "Reserve Car Enquiry",
} as const;

const CATEGORY_EVENT_IDS: Record<string, number> = {
  [CATEGORIES.general]: DEFAULT_EVENT_ID,
  [CATEGORIES.newVehicle]: EVENT_IDS.formNewVehicle,
  [CATEGORIES.usedVehicle]: EVENT_IDS.formUsedVehicle,
  [CATEGORIES.demoVehicle]: EVENT_IDS.formDemoVehicle,
  [CATEGORIES.testDrive]: EVENT_IDS.formTestDrive,
  [CATEGORIES.tradeIn]: EVENT_IDS.formTradeIn,
  [CATEGORIES.fleet]: EVENT_IDS.formFleet,
  [CATEGORIES.service]: EVENT_IDS.formService,
  [CATEGORIES.parts]: EVENT_IDS.formParts,
  [CATEGORIES.finance]: EVENT_IDS.formFinance,
  [CATEGORIES.sellMyCar]: MULTI_STEP_EVENT_ID,
  [CATEGORIES.requestPhotos]: EVENT_IDS.formRequestPhotos,
  [CATEGORIES.findSimilar]: EVENT_IDS.formFindSimilar,
  // spec 001 §9 lists a "reserve car" form submission without its number.
  [CATEGORIES.reserveCar]: EVENT_IDS.formReserveCar,
};

/** spec 001 §9 enquiry types, in the spec's order; the general form's category select offers them. */
export const ENQUIRY_TYPES = [
  "General",
  "Service",
  "Parts",
  "New Vehicle",
  "Used Vehicle",
  "Fleet",
  "Finance",
  "Careers",
  "Sell My Car",
] as const;
export type EnquiryType = (typeof ENQUIRY_TYPES)[number];

export function categoryForEnquiryType(type: EnquiryType): string {
  return `${type} Enquiry`;
}

export type LeadEvent = { category: string; subcategory: string; eventId: number };

/** spec 001 §4: 'Careers Enquiry' becomes 'General Enquiry' / 'Career Enquiry' / 51; unknown categories get 22. */
export function eventFor(category: string, subcategory: string): LeadEvent {
  if (category === CATEGORIES.careers) {
    return { category: CATEGORIES.general, subcategory: "Career Enquiry", eventId: CAREER_EVENT_ID };
  }
  return { category, subcategory, eventId: CATEGORY_EVENT_IDS[category] ?? DEFAULT_EVENT_ID };
}

/** spec 001 §4: event 32 adds ' - Step {n}' to the action. */
export function eventAction(eventId: number, action: string, step?: number): string {
  return withStepSuffix(eventId, action, step);
}

const VEHICLE_CATEGORIES: ReadonlySet<string> = new Set([CATEGORIES.newVehicle, CATEGORIES.usedVehicle, CATEGORIES.demoVehicle]);

/**
 * spec 001 §2: /success?category={slug of category} plus extra pairs; vehicle enquiries swap the category
 * by the attached car's car_type (demo → demo-vehicle-enquiry, used → used-vehicle-enquiry, anything else →
 * new-vehicle-enquiry). Without a car (a general enquiry whose type is Used Vehicle) the chosen category stands.
 */
export function successPath(category: string, carType?: string | null, extra: Record<string, string> = {}): string {
  let slug = slugify(category);
  if (VEHICLE_CATEGORIES.has(category) && carType) {
    slug = carType === "demo" ? "demo-vehicle-enquiry" : carType === "used" ? "used-vehicle-enquiry" : "new-vehicle-enquiry";
  }
  const query = new URLSearchParams({ category: slug, ...extra });
  return `/success?${query.toString()}`;
}

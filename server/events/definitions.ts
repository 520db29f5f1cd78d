/**
 * spec 001 §3 tracked event definition and §9 event ids 1–57: one table for the data layer, the
 * Facebook pixel and our own event log. The spec fixes 22 (default form submit), 25 (click-to-call),
 * 26 (calculator), 29 (search), 32 (multi-step, ' - Step {n}'), 35–38 (login steps), 39 (wishlist),
 * 41 (get directions), 51 (career), 54, 55, 57 (webchat); every other number is chosen here once and
 * listed in docs/operations.md ("Event ids"). The form-submission ids 12–19, 23, 42–44 were chosen
 * earlier (docs/decisions.md, Leads) and are kept.
 */
import { EVENT_IDS, type EventId } from "./event-ids";

export type EventDefinition = {
  id: number;
  eventAction: string;
  eventCategory: string;
  eventLabel: string;
  /** The pixel's event name; null sends nothing to the pixel. */
  facebookEventName: string | null;
  /** true: `fbq('trackCustom', …)`; false: a standard `fbq('track', …)` event. */
  facebookCustomEvent: boolean;
};

export { EVENT_IDS, type EventId } from "./event-ids";

const PAGE_VIEW = "Page View";
const FORM = "Form Submission";

type Row = [id: number, category: string, action: string, label: string, facebook: string | null, custom?: boolean];

// [id, eventCategory, eventAction, eventLabel, facebookEventName, facebookCustomEvent]
const ROWS: readonly Row[] = [
  [1, PAGE_VIEW, "Home", "Home Page", "PageView"],
  [2, PAGE_VIEW, "Inventory Listing", "Inventory Listing Page", "Search"],
  [3, PAGE_VIEW, "New Vehicle Detail", "New Vehicle Detail Page", "ViewContent"],
  [4, PAGE_VIEW, "Used Vehicle Detail", "Used Vehicle Detail Page", "ViewContent"],
  [5, PAGE_VIEW, "Offers", "Offers Page", "ViewOffers", true],
  [6, PAGE_VIEW, "Fleet", "Fleet Page", "ViewFleet", true],
  [7, PAGE_VIEW, "Service", "Service Page", "ViewService", true],
  [8, PAGE_VIEW, "Parts", "Parts Page", "ViewParts", true],
  [9, PAGE_VIEW, "Finance", "Finance Page", "ViewFinance", true],
  [10, PAGE_VIEW, "Insurance", "Insurance Page", "ViewInsurance", true],
  [11, PAGE_VIEW, "Ownership", "Ownership Page", "ViewOwnership", true],
  [12, FORM, "New Vehicle Enquiry", "New Vehicle Enquiry Form", "Lead"],
  [13, FORM, "Used Vehicle Enquiry", "Used Vehicle Enquiry Form", "Lead"],
  [14, FORM, "Demo Vehicle Enquiry", "Demo Vehicle Enquiry Form", "Lead"],
  [15, FORM, "Test Drive Enquiry", "Test Drive Form", "Schedule"],
  [16, FORM, "Trade-In Enquiry", "Trade-In Form", "Lead"],
  [17, FORM, "Fleet Enquiry", "Fleet Enquiry Form", "Lead"],
  [18, FORM, "Service Enquiry", "Service Enquiry Form", "Lead"],
  [19, FORM, "Parts Enquiry", "Parts Enquiry Form", "Lead"],
  [20, PAGE_VIEW, "Contact", "Contact Page", "ViewContact", true],
  [21, PAGE_VIEW, "About", "About Page", "ViewAbout", true],
  [22, FORM, "General Enquiry", "General Enquiry Form", "Lead"],
  [23, FORM, "Finance Enquiry", "Finance Enquiry Form", "Lead"],
  [24, FORM, "Insurance Enquiry", "Insurance Enquiry Form", "Lead"],
  [25, "Click to Call", "Call", "Phone Number", "Contact"],
  [26, "Calculator", "Calculate Repayments", "Finance Calculator", "CalculateRepayments", true],
  [27, FORM, "Competition Entry", "Competition Form", "Lead"],
  [28, FORM, "Special Offer Enquiry", "Special Offer Enquiry Form", "Lead"],
  [29, "Search", "Search", "Vehicle Search", "Search"],
  [30, FORM, "Service Booking", "Service Booking Form", "Schedule"],
  [31, FORM, "Survey", "Survey Form", "SurveySubmitted", true],
  [32, FORM, "Sell My Car Enquiry", "Multi-step Form", "Lead"],
  [33, FORM, "Team Member Enquiry", "Team Member Form", "Lead"],
  [34, FORM, "Subscription", "Subscription Form", "Subscribe"],
  [35, "Login", "Login - Step 1", "Enter Email", "LoginStep1", true],
  [36, "Login", "Login - Step 2", "Enter Code", "LoginStep2", true],
  [37, "Login", "Login - Step 3", "Complete Profile", "LoginStep3", true],
  [38, "Login", "Login - Step 4", "Logged In", "CompleteRegistration"],
  [39, "Wishlist", "Add to Wishlist", "Favourite Vehicle", "AddToWishlist"],
  [40, FORM, "Document Request", "Document Request Form", "Lead"],
  [41, "Get Directions", "Get Directions", "Map Link", "FindLocation"],
  [42, FORM, "Request Photos Enquiry", "Request Photos Form", "Lead"],
  [43, FORM, "Find Similar Enquiry", "Find Me Something Similar Form", "Lead"],
  [44, FORM, "Reserve Car Enquiry", "Reserve Car Form", "Lead"],
  [45, PAGE_VIEW, "Demo Vehicle Detail", "Demo Vehicle Detail Page", "ViewContent"],
  [46, PAGE_VIEW, "Careers", "Careers Page", "ViewCareers", true],
  [47, PAGE_VIEW, "Content", "Content Page", null],
  [48, PAGE_VIEW, "Success", "Thank You Page", null],
  [49, "Phone Reveal", "Reveal Phone Number", "Vehicle Page", "RevealPhone", true],
  [50, PAGE_VIEW, "Locations", "Locations Page", "FindLocation"],
  [51, FORM, "Career Enquiry", "Careers Form", "SubmitApplication"],
  [52, PAGE_VIEW, "Sell My Car", "Sell My Car Page", "ViewSellMyCar", true],
  [53, "Error", "Client Error", "Browser", null],
  [54, "Webchat", "Chat Opened", "Chat Widget", "ChatOpened", true],
  [55, "Webchat", "Chat Message", "Customer Message", "ChatMessage", true],
  [56, PAGE_VIEW, "Trade-In", "Trade-In Page", "ViewTradeIn", true],
  [57, "Webchat", "Chat Lead", "Chat Widget", "Contact"],
];

export const EVENT_DEFINITIONS: ReadonlyMap<number, EventDefinition> = new Map(
  ROWS.map(([id, eventCategory, eventAction, eventLabel, facebookEventName, custom = false]) => [
    id,
    { id, eventAction, eventCategory, eventLabel, facebookEventName, facebookCustomEvent: custom },
  ]),
);

export function isEventId(id: number): id is EventId {
  return EVENT_DEFINITIONS.has(id);
}

export function eventDefinition(id: number): EventDefinition | null {
  return EVENT_DEFINITIONS.get(id) ?? null;
}

/** spec 001 §4: event 32 adds ' - Step {n}' to the action. */
export function withStepSuffix(eventId: number, action: string, step?: number): string {
  return eventId === EVENT_IDS.formMultiStep && step !== undefined ? `${action} - Step ${step}` : action;
}

/** The definition as fired: for 32 the action carries the step. */
export function firedEvent(id: number, step?: number): EventDefinition | null {
  const definition = eventDefinition(id);
  if (!definition) return null;
  return { ...definition, eventAction: withStepSuffix(id, definition.eventAction, step) };
}

export function isPageView(id: number): boolean {
  return eventDefinition(id)?.eventCategory === PAGE_VIEW;
}

export function isFormSubmission(id: number): boolean {
  return eventDefinition(id)?.eventCategory === FORM;
}

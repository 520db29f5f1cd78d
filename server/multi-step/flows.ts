import { YES_NO_FLAGS } from "~/server/leads/forms";
import type { Tenant } from "~/server/tenants/load";
import type { FlowDefinition, FlowId } from "./flow-types";
import {
  CONDITIONS,
  choiceField,
  consentFields,
  contactFields,
  detailsStepFields,
  firstNameField,
  lastNameField,
  messageField,
  ownVehicleFields,
  photosField,
  regoFields,
  textField,
  whereFields,
} from "./step-fields";
import type { StepField } from "./step-schema";

export const AGE_BANDS = ["18-24", "25-34", "35-44", "45-54", "55-64", "65+"] as const;
export const EMPLOYMENT_STATUSES = ["Full-time", "Part-time", "Casual", "Self-employed", "Retired", "Not employed"] as const;
export const SERVICE_HISTORIES = ["Full service history", "Partial service history", "No service history"] as const;
const CAR_TYPES = ["new", "used", "demo"] as const;

/** Residency in the tenant's own country (en-AU, en-NZ or en-US sites). */
function residencyOptions(tenant: Tenant): string[] {
  const country = { au: "Australian", "au-mobile": "Australian", nz: "New Zealand", us: "US" }[tenant.site.features.phone_region];
  return [`${country} citizen`, "Permanent resident", "Visa holder"];
}

/**
 * Finance pre-approval (spec 001 §1 "request finance pre-approval"): about you, contact details,
 * employment and income, the vehicle (from ?car_id= when the visitor came from a car), review.
 * The finance application always asks for a last name, whatever the tenant's enquiry forms do.
 */
export const FINANCE_FLOW: FlowDefinition = {
  id: "finance",
  kind: "finance",
  subcategory: "Finance Pre-Approval",
  path: "/finance/apply",
  title: "Finance Pre-Approval",
  intro: "Five short steps. Your answers are saved as you go, so our finance team can help even if you stop part way.",
  cookieName: "fc_flow_finance",
  carUse: "details",
  ownVehicle: false,
  steps: [
    {
      key: "about-you",
      title: "About you",
      skippable: false,
      fields: ({ tenant }) => [
        firstNameField(tenant, true),
        lastNameField(),
        choiceField("age_band", "Age", AGE_BANDS),
        choiceField("residency", "Residency status", residencyOptions(tenant)),
      ],
    },
    {
      key: "contact",
      title: "Contact details",
      skippable: false,
      fields: ({ tenant }) => [...contactFields(tenant), ...whereFields(tenant)],
    },
    {
      key: "employment",
      title: "Employment and income",
      skippable: false,
      fields: () => [
        choiceField("employment_status", "Employment status", EMPLOYMENT_STATUSES),
        textField("employer", "Employer", 100, false),
        {
          name: "years_employed",
          label: "Years with this employer",
          type: "text",
          required: true,
          maxLength: 2,
          rule: { kind: "whole", required: true, max: 60 },
        },
        {
          name: "annual_income",
          label: "Annual income before tax",
          type: "text",
          required: true,
          maxLength: 12,
          rule: { kind: "money", required: true },
        },
      ],
    },
    {
      key: "vehicle",
      title: "The vehicle",
      skippable: true,
      // A car from stock fills this step itself (flow-lead.ts takes its details from our record).
      fields: ({ car }): StepField[] =>
        car
          ? []
          : [
              textField("Vehicle Make", "Make", 50),
              textField("Vehicle Model", "Model", 50),
              { name: "Vehicle Year", label: "Year", type: "text", required: false, maxLength: 4, rule: { kind: "year", required: false } },
              {
                name: "price",
                label: "Price or budget",
                type: "text",
                required: true,
                maxLength: 12,
                rule: { kind: "money", required: true },
              },
              {
                ...choiceField("car_type", "New, used or demo", CAR_TYPES, false),
                options: [
                  { value: "new", label: "New" },
                  { value: "used", label: "Used" },
                  { value: "demo", label: "Demo" },
                ],
              },
            ],
    },
    {
      key: "review",
      title: "Review and submit",
      skippable: false,
      fields: ({ tenant }) => [messageField("Anything else we should know?"), ...consentFields(tenant)],
    },
  ],
};

/** Trade-in valuation ('Get Your Valuation'): the vehicle by rego and state, photos (optional), contact details. */
export const TRADE_IN_FLOW: FlowDefinition = {
  id: "trade-in",
  kind: "trade-in",
  subcategory: "Trade-In Valuation",
  path: "/trade-in/valuation",
  title: "Trade-In Valuation",
  intro: "Tell us about your vehicle and we will send you a valuation.",
  cookieName: "fc_flow_trade_in",
  carUse: "identifiers",
  ownVehicle: true,
  steps: [
    {
      key: "vehicle",
      title: "Your vehicle",
      skippable: false,
      fields: ({ tenant }) => [
        ...regoFields(tenant, false),
        ...ownVehicleFields(tenant),
        choiceField("condition", "Condition", CONDITIONS),
      ],
    },
    { key: "photos", title: "Photos", skippable: true, fields: () => [photosField()] },
    { key: "details", title: "Your details", skippable: false, fields: ({ tenant }) => detailsStepFields(tenant) },
  ],
};

/** Sell my car: the vehicle, condition and photos, price expectation, contact. */
export const SELL_MY_CAR_FLOW: FlowDefinition = {
  id: "sell-my-car",
  kind: "sell-my-car",
  subcategory: "Sell My Car",
  path: "/sell-my-car/steps",
  title: "Sell My Car",
  intro: "Four short steps to an offer on your vehicle.",
  cookieName: "fc_flow_sell",
  carUse: "none",
  ownVehicle: true,
  steps: [
    {
      key: "vehicle",
      title: "Your vehicle",
      skippable: false,
      fields: ({ tenant }) => [...regoFields(tenant, false), ...ownVehicleFields(tenant)],
    },
    {
      key: "condition",
      title: "Condition and photos",
      skippable: true,
      fields: () => [
        choiceField("condition", "Condition", CONDITIONS),
        choiceField("service_history", "Service history", SERVICE_HISTORIES),
        photosField(),
      ],
    },
    {
      key: "price",
      title: "Price expectation",
      skippable: true,
      fields: ({ tenant }) => {
        const fields: StepField[] = [
          {
            name: "expected_price",
            label: "What price do you expect?",
            type: "text",
            required: true,
            maxLength: 12,
            rule: { kind: "money", required: true },
          },
        ];
        // spec 001 §3: the one dealer flow that sends these as 'Yes'/'No' (buildLead converts them).
        if (tenant.site.features.form.yes_no_flags) {
          for (const flag of YES_NO_FLAGS)
            fields.push({ name: flag, label: flag, type: "checkbox", required: false, rule: { kind: "checkbox" } });
        }
        return fields;
      },
    },
    { key: "details", title: "Your details", skippable: false, fields: ({ tenant }) => detailsStepFields(tenant) },
  ],
};

export const FLOWS: Record<FlowId, FlowDefinition> = { finance: FINANCE_FLOW, "trade-in": TRADE_IN_FLOW, "sell-my-car": SELL_MY_CAR_FLOW };

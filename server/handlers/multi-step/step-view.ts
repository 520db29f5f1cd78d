import type { HoneypotInputProps } from "remix-utils/honeypot/server";
import type { CarSummary } from "~/server/handlers/shared/car";
import type { CaptchaWidget } from "~/server/leads/captcha-widget";
import type { FlowId } from "~/server/multi-step/flow-types";
import type { FieldConstraints } from "~/server/leads/field-constraints";
import type { StepField } from "~/server/multi-step/step-schema";

export type StepStatus = "done" | "skipped" | "current" | "todo";

export type SummaryGroup = { title: string; skipped: boolean; items: { label: string; value: string }[] };

/** Everything a step page renders, as plain data: the step's rules stay on the server (stepSchema). */
export type FlowStepView = {
  flowId: FlowId;
  title: string;
  intro: string;
  path: string;
  step: number;
  total: number;
  steps: { title: string; status: StepStatus }[];
  stepTitle: string;
  fields: StepField[];
  /** HTML constraints derived from stepSchema (required, maxLength…). */
  constraint: FieldConstraints;
  /** What the fields show: this step's saved answers, else the visitor's stored details, else defaults. */
  defaultValue: Record<string, string>;
  /** Signed render time, on the first step only (spec: 2-second minimum fill time). */
  fillToken: string | null;
  /** remix-utils honeypot inputs for this step's form. */
  honeypot: HoneypotInputProps;
  /** The tenant's captcha on the steps that check it (captchaStep), else null. */
  captcha: CaptchaWidget | null;
  skippable: boolean;
  canGoBack: boolean;
  last: boolean;
  multipart: boolean;
  submitLabel: string;
  /** The stock vehicle's id, carried by every step form so a flow opened from a car keeps it. */
  carId: string | null;
  car: CarSummary | null;
  /** The review of every earlier step, on the last step. */
  summary: SummaryGroup[] | null;
  /** A rego lookup provider is configured (vehicle-lookup.ts) and this step has a rego field. */
  lookup: boolean;
  /** A note above the form, e.g. when a tampered or expired cookie started the flow again. */
  notice: string | null;
  /** This step's fields were filled from the visitor's stored details: 'Forget my details' is offered. */
  detailsStored: boolean;
};

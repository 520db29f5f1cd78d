import { fieldConstraints } from "~/server/leads/field-constraints";
import { stepSchema } from "~/server/multi-step/step-schema";
import { json, redirect, type AppLoadContext } from "@remix-run/node";
import { submitLabel } from "~/server/leads/forms";
import { carSummary, findCarById } from "~/server/handlers/shared/car";
import { fillTokenFor } from "~/server/handlers/leads";
import type { Vehicle } from "~/server/stock/vehicle";
import type { Tenant } from "~/server/tenants/load";
import { STORED_USER_FIELDS } from "~/server/visitor/context";
import { readVisitor } from "~/server/visitor/cookie";
import { clearProgress, readProgress, type FlowProgress } from "./flow-cookie";
import type { FlowDefinition } from "~/server/multi-step/flow-types";
import { STEP_MESSAGES } from "~/server/multi-step/messages";
import { readStoredVehicle, type StoredVehicle } from "./stored-vehicle";
import type { StepField, StepValues } from "~/server/multi-step/step-schema";
import { parseStep, stepHref, viewableStep } from "~/server/multi-step/step-state";
import type { FlowStepView, StepStatus, SummaryGroup } from "./step-view";
import { vehicleLookupOf, type VehicleLookup } from "./vehicle-lookup";

type Args = { request: Request; context: AppLoadContext };

const CAR_ID_PATTERN = /^\d{1,12}$/;
const NO_STORE = { "Cache-Control": "private, no-store" };
export function carIdFrom(raw: FormDataEntryValue | string | null | undefined): string | null {
  return typeof raw === "string" && CAR_ID_PATTERN.test(raw) ? raw : null;
}

export function stepFields(flow: FlowDefinition, step: number, tenant: Tenant, car: Vehicle | null): StepField[] {
  return flow.steps[step - 1].fields({ tenant, car });
}

function statusOf(progress: FlowProgress, step: number, shown: number): StepStatus {
  if (step === shown) return "current";
  if (progress.state.skipped_steps.includes(step)) return "skipped";
  return progress.state.sent_steps.includes(step) ? "done" : "todo";
}

function displayValue(field: StepField, value: StepValues[string]): string {
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return field.options?.find((option) => option.value === value)?.label ?? value;
}

/** spec: the review step shows a summary of every earlier step, skipped ones marked as such. */
export function reviewSummary(flow: FlowDefinition, progress: FlowProgress, tenant: Tenant, car: Vehicle | null): SummaryGroup[] {
  return flow.steps.slice(0, -1).map((definition, index) => {
    const step = index + 1;
    const items = definition
      .fields({ tenant, car })
      .filter(
        (field) =>
          field.type !== "file" &&
          field.name !== "terms" &&
          progress.values[field.name] !== undefined &&
          progress.values[field.name] !== "",
      )
      .map((field) => ({ label: field.label, value: displayValue(field, progress.values[field.name]) }));
    return { title: definition.title, skipped: progress.state.skipped_steps.includes(step), items };
  });
}

/** This step's saved answers, else the visitor's stored details (spec 001 §3), else the field defaults. */
export function stepDefaults(
  fields: readonly StepField[],
  values: StepValues,
  stored: Record<string, string | undefined>,
  vehicle: StoredVehicle | null,
): Record<string, string> {
  const fromVehicle: Record<string, string> = vehicle?.own
    ? { "Vehicle Make": vehicle.make, "Vehicle Model": vehicle.model, "Vehicle Year": vehicle.year }
    : {};
  const out: Record<string, string> = {};
  for (const field of fields) {
    const saved = values[field.name];
    if (saved !== undefined) {
      if (saved === true) out[field.name] = "on";
      else if (typeof saved === "string") out[field.name] = saved;
      continue;
    }
    const fallback =
      stored[field.name] ||
      fromVehicle[field.name] ||
      (field.defaultValue === true ? "on" : typeof field.defaultValue === "string" ? field.defaultValue : "");
    if (fallback) out[field.name] = fallback;
  }
  return out;
}

export type StepViewInput = {
  request: Request;
  context: AppLoadContext;
  flow: FlowDefinition;
  progress: FlowProgress;
  step: number;
  car: Vehicle | null;
  notice?: string | null;
  lookup?: VehicleLookup;
};

/**
 * The steps whose submit checks the captcha: the first (it stores the lead) and the last (it
 * completes and sends it). The steps between only change a lead the flow cookie already names.
 */
export function captchaStep(flow: FlowDefinition, step: number): boolean {
  return step === 1 || step === flow.steps.length;
}

export async function buildStepView({
  request,
  context,
  flow,
  progress,
  step,
  car,
  notice = null,
  lookup = vehicleLookupOf(context.services),
}: StepViewInput): Promise<FlowStepView> {
  const now = Date.now();
  const { tenant } = context;
  const definition = flow.steps[step - 1];
  const fields = stepFields(flow, step, tenant, car);
  const visitor = await readVisitor(request, context.services.cookies, now, context.newVisitorDeviceId);
  const stored: Record<string, string | undefined> = {};
  for (const name of STORED_USER_FIELDS) stored[name] = visitor.user[name];
  const last = step === flow.steps.length;
  return {
    flowId: flow.id,
    title: flow.title,
    intro: flow.intro,
    path: flow.path,
    step,
    total: flow.steps.length,
    steps: flow.steps.map((item, index) => ({ title: item.title, status: statusOf(progress, index + 1, step) })),
    stepTitle: definition.title,
    fields,
    constraint: fieldConstraints(stepSchema(fields)),
    defaultValue: stepDefaults(
      fields,
      progress.values,
      stored,
      flow.ownVehicle ? await readStoredVehicle(request, context.services.cookies) : null,
    ),
    fillToken: step === 1 ? fillTokenFor(context.services, tenant, now) : null,
    honeypot: context.services.honeypot.getInputProps(),
    captcha: captchaStep(flow, step) ? context.services.captcha.widgetFor(tenant) : null,
    skippable: definition.skippable && !last,
    canGoBack: step > 1,
    last,
    multipart: fields.some((field) => field.type === "file"),
    submitLabel: last ? submitLabel(tenant) : "Continue",
    carId: car ? String(car.id) : null,
    car: car ? carSummary(car, tenant) : null,
    summary: last ? reviewSummary(flow, progress, tenant, car) : null,
    lookup: lookup.available(tenant) && fields.some((field) => field.name === "Rego"),
    notice,
    detailsStored: fields.some((field) => Boolean(stored[field.name]) && !progress.values[field.name]),
  };
}

/**
 * GET of a step: `?step=n` when the visitor has reached it, otherwise a redirect to their current
 * step. ?car_id= (from a vehicle's finance or trade-in link) names the stock car the flow is about.
 */
export async function flowStepLoader(
  { request, context }: Args,
  flow: FlowDefinition,
  lookup: VehicleLookup = vehicleLookupOf(context.services),
) {
  const { tenant, log } = context;
  const url = new URL(request.url);
  const { progress, restarted } = await readProgress(request, flow, tenant, context.services.cookies);
  const askedRaw = url.searchParams.get("step");
  const asked = parseStep(askedRaw, flow);
  // No ?step= shows the current step; a malformed one, or one not reached yet, redirects there.
  const step = askedRaw === null ? progress.state.current_step : asked === null ? null : viewableStep(progress.state, asked);
  if (step === null) throw redirect(stepHref(flow, progress.state.current_step), { status: 302, headers: NO_STORE });

  const carId = carIdFrom(url.searchParams.get("car_id")) ?? progress.car_id;
  const car = await findCarById(tenant, carId ?? undefined, { log, now: Date.now(), backend: context.services.search.backendFor(tenant) });
  const view = await buildStepView({
    request,
    context,
    flow,
    progress,
    step,
    car,
    notice: restarted ? STEP_MESSAGES.restarted : null,
    lookup,
  });
  const headers = new Headers(NO_STORE);
  // A tampered or stale cookie is replaced once, so the notice shows once.
  if (restarted) headers.append("Set-Cookie", await clearProgress(flow, context.services.cookies));
  return json(view, { headers });
}

import { rm } from "node:fs/promises";
import path from "node:path";
import { json, redirect, type AppLoadContext, type TypedResponse } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { successPath } from "~/server/leads/events";
import { storeUploads } from "~/server/leads/files";
import { MESSAGES } from "~/server/leads/messages";
import { CAPTCHA_TOKEN_FIELDS } from "~/server/leads/captcha-widget";
import type { StoredFile } from "~/server/leads/store";
import { LeadStoreUnavailableError } from "~/server/leads/store-errors";
import { submitStep } from "~/server/leads/submit";
import { mockLeadsEnabled } from "~/server/handlers/shared/switches";
import { readFormBody, readMultipartBody } from "~/server/handlers/shared/body";
import { findCarById } from "~/server/handlers/shared/car";
import {
  botSuccessPath,
  checkFormCaptcha,
  checkFormGuards,
  checkRateLimit,
  FILL_TOKEN_FIELD,
  isBot,
  usedFillToken,
  type GuardFailure,
} from "~/server/handlers/leads";
import { pageUrl } from "~/server/handlers/shared/page-url";
import { newFlowNonce } from "~/server/security/lead-token";
import type { Vehicle } from "~/server/stock/vehicle";
import { commitVisitor, readVisitor } from "~/server/visitor/cookie";
import { recordLeadEvent } from "~/server/handlers/events";
import { enquiryCarId, rememberSuccessCategory, rememberUserDetails } from "~/server/visitor/context";
import { commitProgress, clearProgress, FlowCookieTooLargeError, readProgress, startProgress, type FlowProgress } from "./flow-cookie";
import { buildFlowLead } from "./flow-lead";
import type { FlowDefinition } from "~/server/multi-step/flow-types";
import { STEP_MESSAGES } from "~/server/multi-step/messages";
import { attachPhotos, checkPhotos, uploadsOf } from "./photos";
import { captchaStep, carIdFrom, stepFields } from "./step-page";
import { stepSchema, type StepField, type StepValues } from "~/server/multi-step/step-schema";
import { applyBack, applySkip, atStep, parseIntent, parseStep, reachedStep, stepHref } from "~/server/multi-step/step-state";
import { commitStoredVehicle, vehicleOfLead } from "./stored-vehicle";
import { vehicleLookupOf, type VehicleLookup } from "./vehicle-lookup";

/** What a step's action answers when it does not redirect (the same shape as the single forms). */
export type FlowActionData = { result: SubmissionResult<string[]>; failed: boolean };

type Args = { request: Request; context: AppLoadContext };
type FlowResponse = Promise<TypedResponse<FlowActionData> | TypedResponse<never>>;

const HIDDEN_FIELDS = [FILL_TOKEN_FIELD, "name__confirm", "from__confirm", ...CAPTCHA_TOKEN_FIELDS];
const NO_STORE = "no-store";

function formFailure(message: string): SubmissionResult<string[]> {
  return { status: "error", error: { "": [message] } };
}

function answer(result: SubmissionResult<string[]>, status: number, failed: boolean, headers: Record<string, string> = {}) {
  return json<FlowActionData>({ result, failed }, { status, headers: { "Cache-Control": NO_STORE, ...headers } });
}

function goTo(location: string, cookies: string[]) {
  const headers = new Headers({ "Cache-Control": NO_STORE });
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  // A 303 after a POST, so Back, Reload and the no-JS browser never post twice.
  return redirect(location, { status: 303, headers });
}

async function removeStored(dataDir: string, files: readonly StoredFile[]): Promise<void> {
  await Promise.all(files.map((file) => rm(path.join(dataDir, file.stored_name), { force: true })));
}

async function readBody(request: Request) {
  const contentType = (request.headers.get("content-type") ?? "").toLowerCase();
  return contentType.startsWith("multipart/form-data") ? readMultipartBody(request) : readFormBody(request);
}

/** spec 001 §5 rules for the step; File parts are left to checkPhotos. */
function parseStepForm(formData: FormData, fields: readonly StepField[]) {
  return parseWithZod(formData, { schema: stepSchema(fields) });
}

/** The rate limit on every step; the 2-second fill time on the first step's submit (where the token is rendered). */
async function guardFailure(formData: FormData, context: AppLoadContext, firstSubmit: boolean, now: number): Promise<GuardFailure | null> {
  const limited = await checkRateLimit(context.services, context.tenant, context.clientIp);
  if (limited) return limited;
  return firstSubmit ? checkFormGuards(context.services, formData, context.tenant, now) : null;
}

function validatedValues(fields: readonly StepField[], parsed: Record<string, unknown>): StepValues {
  const values: StepValues = {};
  for (const field of fields) {
    const value = parsed[field.name];
    if (typeof value === "string" || typeof value === "boolean") values[field.name] = value;
  }
  return values;
}

/** The values of this step replace what was saved for it (an emptied optional field is gone). */
function mergeValues(saved: StepValues, fields: readonly StepField[], fresh: StepValues): StepValues {
  const merged: StepValues = { ...saved };
  for (const field of fields) delete merged[field.name];
  return { ...merged, ...fresh };
}

export type FlowActionOptions = { lookup?: VehicleLookup };

/**
 * One step's POST (spec 001 §4 multi-step lead). Back and Skip move through the flow without
 * sending anything; a submit validates the step, saves the partial lead (created on the first
 * save, updated as Incomplete after, never re-sent), and on the last step completes it and
 * redirects 303 to /success. Failures re-render the step with the message and what was typed.
 */
export async function flowStepAction({ request, context }: Args, flow: FlowDefinition, options: FlowActionOptions = {}): FlowResponse {
  const { tenant, log } = context;
  const lookup = options.lookup ?? vehicleLookupOf(context.services);
  const now = Date.now();
  const body = await readBody(request);
  if (!body.ok) return answer(formFailure(body.message), body.status, true);
  const formData = body.value;

  const { progress } = await readProgress(request, flow, tenant, context.services.cookies);
  const step = parseStep(formData.get("step"), flow);
  // A step not reached yet (or a fresh start after a tampered cookie): back to where the visitor is.
  if (step === null || step > reachedStep(progress.state)) return goTo(stepHref(flow, progress.state.current_step), []);

  const intent = parseIntent(formData.get("intent"));
  const postedCarId = carIdFrom(formData.get("car_id"));
  const car: Vehicle | null = await findCarById(tenant, postedCarId ?? progress.car_id ?? undefined, {
    log,
    now,
    backend: context.services.search.backendFor(tenant),
  });
  const fields = stepFields(flow, step, tenant, car);
  const submission = parseStepForm(formData, fields);
  const firstSubmit = step === 1 && intent === "submit";

  // A bot (honeypot, on every step) gets the redirect a person gets; nothing is stored.
  if (isBot(context.services, formData)) {
    log.warn({ reason: "spam", flow: flow.id, step }, "multi-step form refused");
    return goTo(botSuccessPath(flow.kind), []);
  }
  const guard = await guardFailure(formData, context, firstSubmit, now);
  if (guard) {
    log.warn({ reason: guard.reason, flow: flow.id, step }, "multi-step form refused");
    return answer(submission.reply({ formErrors: [guard.message], hideFields: HIDDEN_FIELDS }), guard.status, true, guard.headers);
  }

  const here = { ...progress, car_id: car ? String(car.id) : progress.car_id, state: atStep(progress.state, step) };
  try {
    if (intent === "back") {
      const moved = { ...here, state: applyBack(here.state) };
      return goTo(stepHref(flow, moved.state.current_step), [await commitProgress(flow, moved, context.services.cookies)]);
    }
    if (intent === "skip") {
      if (!flow.steps[step - 1].skippable || step === flow.steps.length) return goTo(stepHref(flow, step), []);
      const skipped = applySkip(
        here.state,
        here.values,
        fields.map((field) => field.name),
      );
      const moved = { ...here, ...skipped };
      return goTo(stepHref(flow, moved.state.current_step), [await commitProgress(flow, moved, context.services.cookies)]);
    }
    if (formData.get("intent") === "lookup") return await lookupVehicle(flow, here, formData, fields, context, lookup);
    return await submitFlowStep({ request, context, flow, progress: here, step, fields, formData, car, now });
  } catch (error) {
    if (!(error instanceof FlowCookieTooLargeError)) throw error;
    log.warn({ err: error, flow: flow.id }, "multi-step cookie too large");
    return answer(submission.reply({ formErrors: [STEP_MESSAGES.tooLong], hideFields: HIDDEN_FIELDS }), 400, true);
  }
}

/** The optional "Find my vehicle" button: rego and state to make, model and year through the provider. */
async function lookupVehicle(
  flow: FlowDefinition,
  progress: FlowProgress,
  formData: FormData,
  fields: readonly StepField[],
  context: AppLoadContext,
  lookup: VehicleLookup,
): FlowResponse {
  const regoFields = fields.filter((field) => field.name === "Rego" || field.name === "rego_state");
  const submission = parseStepForm(
    formData,
    regoFields.map((field) => ({
      ...field,
      rule: field.name === "Rego" ? { kind: "text" as const, required: true, max: 10 } : field.rule,
    })),
  );
  if (submission.status !== "success" || !lookup.available(context.tenant))
    return answer(submission.reply({ hideFields: HIDDEN_FIELDS }), 400, false);
  const rego = String(submission.value.Rego ?? "");
  const state = typeof submission.value.rego_state === "string" ? submission.value.rego_state : null;
  const found = await lookup.lookup(context.tenant, { rego, state });
  if (!found) return answer(submission.reply({ formErrors: [STEP_MESSAGES.lookupNotFound], hideFields: HIDDEN_FIELDS }), 200, false);
  const step = progress.state.current_step;
  const values: StepValues = { ...progress.values, ...validatedValues(regoFields, submission.value) };
  for (const [name, value] of Object.entries(found)) if (typeof value === "string") values[name] = value.slice(0, 50);
  return goTo(stepHref(flow, step), [await commitProgress(flow, { ...progress, values }, context.services.cookies)]);
}

type SubmitInput = {
  request: Request;
  context: AppLoadContext;
  flow: FlowDefinition;
  progress: FlowProgress;
  step: number;
  fields: StepField[];
  formData: FormData;
  car: Vehicle | null;
  now: number;
};

async function submitFlowStep({ request, context, flow, progress, step, fields, formData, car, now }: SubmitInput): FlowResponse {
  const { tenant, log } = context;
  const submission = parseStepForm(formData, fields);
  const reply = (message: string) => submission.reply({ formErrors: [message], hideFields: HIDDEN_FIELDS });
  if (submission.status !== "success") return answer(submission.reply({ hideFields: HIDDEN_FIELDS }), 400, false);

  const photoField = fields.find((field) => field.type === "file");
  const photos = photoField ? await checkPhotos(uploadsOf(formData, photoField.name)) : { ok: true as const, files: [] };
  if (!photos.ok) {
    return answer(
      submission.reply({ fieldErrors: { [photoField?.name ?? "photos"]: [photos.error] }, hideFields: HIDDEN_FIELDS }),
      400,
      false,
    );
  }

  // The captcha last before anything is stored, on the steps whose page shows it.
  if (captchaStep(flow, step)) {
    const captcha = await checkFormCaptcha({ services: context.services, tenant, clientIp: context.clientIp, log }, formData);
    if (captcha) {
      log.warn({ reason: captcha.reason, flow: flow.id, step }, "multi-step form refused");
      return answer(reply(captcha.message), captcha.status, true, captcha.headers);
    }
  }

  const values = mergeValues(progress.values, fields, validatedValues(fields, submission.value));
  const visitor = await readVisitor(request, context.services.cookies, now, context.newVisitorDeviceId);
  const fileCount = progress.files + photos.files.length;
  const lead = buildFlowLead({
    flow,
    tenant,
    values,
    car,
    visitor,
    request: { url: pageUrl(request), userAgent: request.headers.get("user-agent") ?? "", now, hasFiles: fileCount > 0 },
  });

  const { db } = context.services;
  let files: StoredFile[] = [];
  try {
    files = photos.files.length > 0 ? await storeUploads(context.services.env.DATA_DIR, tenant.slug, photos.files) : [];
  } catch (error) {
    log.error({ err: error }, "multi-step photos could not be stored");
    return answer(reply(MESSAGES.submitError), 503, true);
  }

  const existing = progress.state.lead_id;
  const { state, result, nonce, sent } = await submitStep(
    db.db,
    progress.state,
    step,
    {
      tenant,
      lead,
      files: existing === null ? files : undefined,
      mock: mockLeadsEnabled(context),
      now,
      // The first save uses up the form's fill token.
      fillToken: existing === null ? usedFillToken(formData) : undefined,
    },
    { expected: progress.nonce, next: newFlowNonce() },
  );
  if (!result.ok) {
    await removeStored(context.services.env.DATA_DIR, files);
    // The lead this cookie names is gone (or another tenant's): a fresh application, from step 1.
    if (result.status === 404)
      return goTo(stepHref(flow, 1), [await commitProgress(flow, startProgress(flow, tenant), context.services.cookies)]);
    // An older cookie than the lead's; the lead is unchanged, the visitor goes where it is.
    if (result.savedStep !== undefined) {
      log.warn({ lead_id: existing, flow: flow.id, step }, "multi-step cookie replayed");
      return goTo(stepHref(flow, Math.min(result.savedStep + 1, flow.steps.length)), []);
    }
    // A Complete lead is final: the message, and the next visit starts a new application.
    if (result.status === 409)
      return answer(reply(result.error), 409, true, { "Set-Cookie": await clearProgress(flow, context.services.cookies) });
    return answer(reply(result.error), result.status, true);
  }
  if (existing !== null && files.length > 0) {
    try {
      await attachPhotos(db.db, tenant, existing, files, now);
    } catch (error) {
      await removeStored(context.services.env.DATA_DIR, files);
      if (error instanceof LeadStoreUnavailableError) return answer(reply(error.message), error.status, true);
      throw error;
    }
  }

  // spec 001 §4/§9: a step that saves the lead Incomplete is event 32 ' - Step {n}'; the last step is the
  // lead's own event, once. A step already sent (after Go Back) is not re-sent and records nothing.
  log.info(
    {
      lead_id: result.lead_id,
      eventId: result.eventId,
      eventAction: result.eventAction,
      flow: flow.id,
      step,
      sent,
      status: state.completed ? "Complete" : "Incomplete",
    },
    "multi-step lead saved",
  );
  if (sent) {
    await recordLeadEvent(request, context, visitor, {
      eventId: result.eventId,
      leadId: result.lead_id,
      eventAction: result.eventAction,
      category: String(lead.category),
      properties: { step_number: step, form_completed: state.completed },
    });
  }
  const next: FlowProgress = { ...progress, state, values, files: fileCount, nonce };
  if (!state.completed) return goTo(stepHref(flow, state.current_step), [await commitProgress(flow, next, context.services.cookies)]);

  // The last step: remember the visitor's details, the success category and the vehicle; end the flow.
  const category = String(lead.category);
  const cookies = [
    await clearProgress(flow, context.services.cookies),
    await commitVisitor(
      rememberSuccessCategory(rememberUserDetails(visitor, values), category, {
        carId: enquiryCarId(lead.car_id),
        locationId: typeof lead.location_id === "number" ? lead.location_id : null,
        now,
      }),
      context.services.cookies,
    ),
  ];
  const vehicle = vehicleOfLead(lead, flow.ownVehicle);
  if (vehicle) cookies.push(await commitStoredVehicle(vehicle, context.services.cookies));
  return goTo(successPath(category, typeof lead.car_type === "string" ? lead.car_type : null), cookies);
}

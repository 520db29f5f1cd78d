import { rm } from "node:fs/promises";
import path from "node:path";
import { json } from "@remix-run/node";
import { checkUploads, storeUploads, UPLOAD_MESSAGES, type CheckedUpload } from "~/server/leads/files";
import { formFields, formSchema, type LeadFormValues } from "~/server/leads/forms";
import { buildLead, resolveLeadEvent } from "~/server/leads/lead-object";
import { MESSAGES } from "~/server/leads/messages";
import { saveLead, getLeadForUpdate, updateLead, type StoredFile } from "~/server/leads/store";
import { LeadCompleteError, LeadNotFoundError, LeadStoreUnavailableError, STORE_REFUSALS } from "~/server/leads/store-errors";
import { apiStepTracking, submitLead } from "~/server/leads/submit";
import { recordLeadEvent } from "~/server/handlers/events";
import { API_KEY_HEADER, apiKeyMatches } from "~/server/security/api-key";
import { CROSS_SITE_MESSAGE, judgeSource, sourceOfRequest } from "~/server/security/cross-site";
import { hashUpdateToken, newUpdateToken, updateTokenMatches } from "~/server/security/lead-token";
import { readVisitor } from "~/server/visitor/cookie";
import { formValuesFromLead, issueList, kindForLead, leadBodySchema, leadPatch, multiStepExtrasSchema, type ApiLead } from "./api-lead";
import { readJsonBody, readMultipartBody, type BodyFailure } from "~/server/handlers/shared/body";
import { findCarById } from "~/server/handlers/shared/car";
import { checkApiCaptcha, checkRateLimit } from "./guards";
import { withEventId } from "./event-id";
import { GUARD_MESSAGES } from "./messages";
import { pageUrl } from "~/server/handlers/shared/page-url";
import { apiError, methodNotAllowed, type ApiArgs } from "~/server/handlers/shared/api-answers";
import { REQUEST_MESSAGES } from "~/server/lib/request-messages";

/** spec 001 §7: under mock mode the same calls live under /mock; mock leads are stored, never delivered. */
export type ApiMode = { mock: boolean };

/** The JSON API's captcha token (tenants with a captcha, calls without the API key). */
export const CAPTCHA_TOKEN_HEADER = "X-Captcha-Token";

const LEAD_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAX_URL_LENGTH = 2000;

const bodyError = (failure: BodyFailure) => apiError(failure.message, failure.status);

/**
 * Method, rate limit and source: the checks every lead call makes before reading its body.
 * The site's own pages (a same-origin Origin) may call; anything else needs the tenant's API key,
 * and another site's page never may. Every call counts against the forms' rate limit.
 */
export async function precheck({ request, context }: ApiArgs, method: string): Promise<Response | null> {
  if (request.method !== method) return methodNotAllowed(method);
  const limited = await checkRateLimit(context.services, context.tenant, context.clientIp);
  if (limited) return apiError(limited.message, limited.status, {}, limited.headers);
  const source = judgeSource(sourceOfRequest(request));
  if (source === "cross-site") return apiError(CROSS_SITE_MESSAGE, 403);
  if (source === "unknown" && !apiKeyMatches(request.headers.get(API_KEY_HEADER), context.tenant))
    return apiError(GUARD_MESSAGES.apiKeyRequired, 403);
  return null;
}

function leadUrl(lead: ApiLead, request: Request): string {
  if (typeof lead.url === "string" && lead.url.length <= MAX_URL_LENGTH) return lead.url;
  const referer = request.headers.get("referer");
  return referer && referer.length <= MAX_URL_LENGTH ? referer : pageUrl(request);
}

/** Form fields present in the lead that break their rule; fields the lead does not carry are skipped. */
function presentIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[], present: ReadonlySet<string>) {
  return issues.filter((issue) => present.has(String(issue.path[0])));
}

async function removeStored(dataDir: string, files: readonly StoredFile[]): Promise<void> {
  await Promise.all(files.map((file) => rm(path.join(dataDir, file.stored_name), { force: true })));
}

/**
 * A new lead from the JSON API. Complete leads (the default) must pass the whole form schema of
 * their kind; Incomplete ones (multi-step first saves) only the form fields they carry. The server
 * sets what it owns (slugs, source, url, visitor data, names, car details by car_id).
 */
async function storeNewLead(args: ApiArgs, apiLead: ApiLead, mode: ApiMode, uploads: readonly CheckedUpload[]): Promise<Response> {
  const { request, context } = args;
  const { tenant, log } = context;
  const now = Date.now();
  const extras = multiStepExtrasSchema.safeParse(apiLead);
  if (!extras.success) return apiError(issueList(extras.error.issues).error, 400, { errors: issueList(extras.error.issues).errors });
  const status = extras.data.lead_status ?? "Complete";

  const kind = kindForLead(apiLead);
  const { values, present } = formValuesFromLead(apiLead, formFields(kind, tenant));
  const parsed = formSchema(kind, tenant).safeParse(values);
  const issues = parsed.success ? [] : status === "Complete" ? parsed.error.issues : presentIssues(parsed.error.issues, present);
  if (issues.length > 0) {
    const list = issueList(issues);
    return apiError(list.error, 400, { errors: list.errors });
  }
  // A tenant with a captcha: a call without the API key (the site's own pages) brings a token too.
  if (!apiKeyMatches(request.headers.get(API_KEY_HEADER), tenant)) {
    const captcha = await checkApiCaptcha(
      { services: context.services, tenant, clientIp: context.clientIp, log },
      request.headers.get(CAPTCHA_TOKEN_HEADER),
    );
    if (captcha) return apiError(captcha.message, captcha.status, {}, captcha.headers);
  }
  const accepted: LeadFormValues = parsed.success ? { ...parsed.data } : values;
  const vehicle = await findCarById(tenant, apiLead.car_id === undefined ? undefined : String(apiLead.car_id), {
    log,
    now,
    backend: context.services.search.backendFor(tenant),
  });
  if (vehicle) Object.assign(accepted, { car_id: String(vehicle.id), car_type: vehicle.car_type, stock_number: vehicle.stocknum });

  // lead_status is the store's column (and is written into the payload by the store itself).
  const { lead_status: _status, ...multiStep } = extras.data;
  const visitor = await readVisitor(request, context.services.cookies, now, context.newVisitorDeviceId);
  const lead = {
    ...withEventId(
      buildLead({
        kind,
        values: accepted,
        tenant,
        visitor,
        request: { url: leadUrl(apiLead, request), userAgent: request.headers.get("user-agent") ?? "", now, hasFiles: uploads.length > 0 },
      }),
      resolveLeadEvent(kind, accepted).eventId,
    ),
    ...Object.fromEntries(Object.entries(multiStep).filter(([, value]) => value !== undefined)),
  };

  const { db } = context.services;
  // Answered once; only its hash is kept, and PUT needs it.
  const updateToken = newUpdateToken();
  const updateTokenHash = hashUpdateToken(updateToken);
  const created = (id: string) => json({ id, update_token: updateToken }, { status: 201, headers: { "Cache-Control": "no-store" } });
  let files: StoredFile[] = [];
  try {
    files = uploads.length > 0 ? await storeUploads(context.services.env.DATA_DIR, tenant.slug, uploads) : [];
  } catch (error) {
    log.error({ err: error }, "lead upload could not be stored");
    return apiError(MESSAGES.submitError, 503);
  }
  if (status === "Complete") {
    const result = await submitLead(db.db, { tenant, lead, files, mock: mode.mock, now, updateTokenHash });
    if (!result.ok) {
      await removeStored(context.services.env.DATA_DIR, files);
      return apiError(result.error, result.status);
    }
    log.info({ lead_id: result.lead_id, eventId: lead.event_id, mock: mode.mock }, "lead created through the API");
    // spec 001 §4: the form-submission event, as for a form posted without JavaScript.
    await recordLeadEvent(request, context, visitor, {
      eventId: Number(lead.event_id),
      leadId: result.lead_id,
      eventAction: result.eventAction,
      category: String(lead.category),
    });
    return created(result.lead_id);
  }
  let id: string;
  try {
    id = await saveLead(db.db, { tenant, lead, files, mock: mode.mock, status, now, updateTokenHash });
  } catch (error) {
    await removeStored(context.services.env.DATA_DIR, files);
    if (error instanceof LeadStoreUnavailableError) return apiError(error.message, error.status);
    throw error;
  }
  // spec 001 §4: a client running the steps itself gets the form flow's step events (32 ' - Step {n}').
  const step = multiStep.step_number ?? 1;
  const tracking = apiStepTracking(lead, { previousStep: null, step, completes: false });
  if (tracking) {
    await recordLeadEvent(request, context, visitor, {
      ...tracking,
      leadId: id,
      category: String(lead.category),
      properties: { step_number: step, form_completed: false },
    });
  }
  return created(id);
}

function parseLeadBody(value: unknown): ApiLead | Response {
  const body = leadBodySchema.safeParse(value);
  return body.success ? body.data.lead : apiError(REQUEST_MESSAGES.invalidJson, 400);
}

/** spec 001 §7 POST /api/leads: body {lead:{…}}; answers 201 {id}. */
export async function createLeadFromJson(args: ApiArgs, mode: ApiMode): Promise<Response> {
  const refused = await precheck(args, "POST");
  if (refused) return refused;
  const body = await readJsonBody(args.request);
  if (!body.ok) return bodyError(body);
  const lead = parseLeadBody(body.value);
  return lead instanceof Response ? lead : storeNewLead(args, lead, mode, []);
}

/** spec 001 §7 POST /api/leads/with-files: a `lead` JSON field plus files (types by magic bytes, files.ts limits). */
export async function createLeadWithFiles(args: ApiArgs, mode: ApiMode): Promise<Response> {
  const refused = await precheck(args, "POST");
  if (refused) return refused;
  const body = await readMultipartBody(args.request);
  if (!body.ok) return bodyError(body);
  const field = body.value.get("lead");
  let raw: unknown;
  try {
    raw = typeof field === "string" ? JSON.parse(field) : undefined;
  } catch {
    raw = undefined;
  }
  const lead = parseLeadBody({ lead: raw });
  if (lead instanceof Response) return lead;
  const uploads = [...body.value.entries()].flatMap(([name, value]) => (name !== "lead" && value instanceof File ? [value] : []));
  const checked = await checkUploads(uploads);
  if (!checked.ok) return apiError(checked.error, checked.error === UPLOAD_MESSAGES.size ? 413 : 400);
  return storeNewLead(args, lead, mode, checked.files);
}

/** The update token from `Authorization: Bearer …`, else the body's `update_token`. */
function updateTokenOf(request: Request, body: unknown): string | null {
  const header = request.headers.get("authorization") ?? "";
  if (/^bearer /i.test(header)) return header.slice("bearer ".length).trim() || null;
  if (typeof body === "object" && body !== null && "update_token" in body && typeof body.update_token === "string")
    return body.update_token;
  return null;
}

/**
 * spec 001 §7 PUT /api/leads/{lead_id}: updates one of this tenant's leads. The fields sent must pass
 * their rules; the rest of the lead is kept. lead_status defaults to Complete. Without
 * the lead's update token it is "not found" (like another tenant's, or a mock lead on a real path),
 * and a Complete lead answers 409 and stays as it is.
 */
export async function updateLeadFromJson(args: ApiArgs, mode: ApiMode): Promise<Response> {
  const refused = await precheck(args, "PUT");
  if (refused) return refused;
  const { context } = args;
  const { tenant } = context;
  const id = args.params?.leadId ?? "";
  if (!LEAD_ID_PATTERN.test(id)) return apiError(GUARD_MESSAGES.leadNotFound, 404);
  const body = await readJsonBody(args.request);
  if (!body.ok) return bodyError(body);
  const apiLead = parseLeadBody(body.value);
  if (apiLead instanceof Response) return apiLead;
  const extras = multiStepExtrasSchema.safeParse(apiLead);
  if (!extras.success) return apiError(issueList(extras.error.issues).error, 400, { errors: issueList(extras.error.issues).errors });

  const { db } = context.services;
  try {
    const found = await getLeadForUpdate(db.db, tenant, id);
    if (!found || found.mock !== mode.mock || !updateTokenMatches(updateTokenOf(args.request, body.value), found.updateTokenHash))
      return apiError(GUARD_MESSAGES.leadNotFound, 404);
    const stored = found.lead;
    if (stored.lead_status === "Complete") return apiError(STORE_REFUSALS.complete, 409);
    const kind = kindForLead({ ...stored.payload, ...apiLead });
    const { values, present } = formValuesFromLead(apiLead, formFields(kind, tenant));
    const parsed = formSchema(kind, tenant).safeParse(values);
    const issues = parsed.success ? [] : presentIssues(parsed.error.issues, present);
    if (issues.length > 0) {
      const list = issueList(issues);
      return apiError(list.error, 400, { errors: list.errors });
    }
    const patch = leadPatch(
      stored.payload,
      parsed.success ? parsed.data : values,
      present,
      apiLead,
      extras.data,
      tenant.site.features.phone_region,
    );
    const status = extras.data.lead_status ?? "Complete";
    const now = Date.now();
    await updateLead(db.db, tenant, id, patch, status, now);
    const merged = { ...stored.payload, ...patch };
    const previousStep = typeof stored.payload.step_number === "number" ? stored.payload.step_number : null;
    const step = extras.data.step_number ?? null;
    const tracking = apiStepTracking(merged, { previousStep, step, completes: status === "Complete" });
    if (tracking) {
      const visitor = await readVisitor(args.request, context.services.cookies, now, context.newVisitorDeviceId);
      await recordLeadEvent(args.request, context, visitor, {
        ...tracking,
        leadId: id,
        category: String(merged.category),
        properties: { step_number: step ?? previousStep, form_completed: status === "Complete" },
      });
    }
    return json({ id }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof LeadNotFoundError) return apiError(GUARD_MESSAGES.leadNotFound, 404);
    if (error instanceof LeadCompleteError) return apiError(error.message, error.status);
    if (error instanceof LeadStoreUnavailableError) return apiError(error.message, error.status);
    context.log.error({ err: error }, "lead update failed");
    return apiError(MESSAGES.submitError, 503);
  }
}

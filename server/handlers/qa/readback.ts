import { json, type AppLoadContext } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import { z } from "~/server/lib/zod";
import { mailboxMessagesTo, outboxMessagesTo } from "~/server/leads/delivery/mailbox-readback";
import { leadById, leadsByEmail } from "~/server/leads/readback";
import { sameKey } from "~/server/security/api-key";
import { REQUEST_MESSAGES } from "~/server/lib/request-messages";

/**
 * The QA read-back API (docs/qa.md, "Reading back through the QA API"): a tester's suite reads what a
 * test lead stored and what email it made, on a site anywhere, with `Authorization: Bearer $QA_TOKEN`.
 * Without QA_TOKEN, or without the right one, every path is a plain 404 — nothing says the API exists.
 * Everything is scoped to the tenant the Host header picked; no answer is ever cached.
 */
type QaArgs = { request: Request; context: AppLoadContext; params?: Params };

const NO_STORE = { "Cache-Control": "no-store" };

const notFound = () => json({ error: REQUEST_MESSAGES.notFound }, { status: 404, headers: NO_STORE });
const badRequest = (message: string) => json({ error: message }, { status: 400, headers: NO_STORE });

const emailSchema = z.email();
const LEAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function bearer(request: Request): string | null {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1] : null;
}

/** Off, limited or not authorised: the answer to give instead; null when the request may read. */
async function refusal({ request, context }: QaArgs): Promise<Response | null> {
  const { env, qaLimiter } = context.services;
  if (!env.QA_TOKEN || !qaLimiter) return notFound();
  // Counted before the token is judged, so guessing it is as slow as reading.
  const decision = await qaLimiter.consume(context.clientIp);
  if (!decision.allowed) {
    return json(
      { error: `Too many read-back requests. Please wait ${decision.retryAfterSeconds} seconds and try again.` },
      { status: 429, headers: { ...NO_STORE, "Retry-After": String(decision.retryAfterSeconds) } },
    );
  }
  const given = bearer(request);
  if (!given || !sameKey(given, env.QA_TOKEN)) {
    context.log.warn({ qa: "refused" }, "QA read-back refused: missing or wrong token");
    return notFound();
  }
  return null;
}

/** GET /api/qa/leads?email=…: the tenant's leads carrying that email, newest first. */
export async function qaLeadsByEmail(args: QaArgs): Promise<Response> {
  const refused = await refusal(args);
  if (refused) return refused;
  const email = new URL(args.request.url).searchParams.get("email") ?? "";
  if (!emailSchema.safeParse(email).success) return badRequest("email: expected an email address");
  const { services, tenant } = args.context;
  return json({ tenant: tenant.slug, leads: await leadsByEmail(services.db.db, tenant.slug, email) }, { headers: NO_STORE });
}

/** GET /api/qa/leads/{id}: one of the tenant's leads; another tenant's is 404 like a missing one. */
export async function qaLeadById(args: QaArgs): Promise<Response> {
  const refused = await refusal(args);
  if (refused) return refused;
  const id = args.params?.leadId ?? "";
  if (!LEAD_ID.test(id)) return notFound();
  const lead = await leadById(args.context.services.db.db, args.context.tenant.slug, id);
  return lead ? json({ tenant: args.context.tenant.slug, lead }, { headers: NO_STORE }) : notFound();
}

/**
 * GET /api/qa/mailbox?to=…: the email the tenant's outbox holds for that address and, without
 * SMTP_URL, what the local mailbox wrote for it; newest first.
 */
export async function qaMailbox(args: QaArgs): Promise<Response> {
  const refused = await refusal(args);
  if (refused) return refused;
  const to = new URL(args.request.url).searchParams.get("to") ?? "";
  if (!emailSchema.safeParse(to).success) return badRequest("to: expected an email address");
  const { services, tenant } = args.context;
  const outbox = await outboxMessagesTo(services.db.db, tenant, to);
  const mailbox = services.env.SMTP_URL ? [] : await mailboxMessagesTo(services.env.DATA_DIR, tenant.slug, to);
  return json({ tenant: tenant.slug, messages: [...outbox, ...mailbox] }, { headers: NO_STORE });
}

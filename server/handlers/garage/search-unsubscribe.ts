import { json, type AppLoadContext } from "@remix-run/node";
import { GARAGE_MESSAGES } from "~/server/garage/messages";
import { readUnsubscribeToken } from "~/server/garage/unsubscribe-token";
import type { UnsubscribeView } from "./unsubscribe";

// The search emails' tokens are signed for `<tenant>|search` (server/garage/search-digest.ts), so a
// saved car's link cannot stop a search's email and the other way round.
const scopeOf = (context: AppLoadContext) => `${context.tenant.slug}|search`;

function tokenOf(value: unknown): string {
  return typeof value === "string" ? value.slice(0, 200) : "";
}

/** GET /saved-searches/unsubscribe?token=…: a confirm button, no change on GET (mail scanners follow links). */
export function searchUnsubscribePage(request: Request, context: AppLoadContext): Response {
  const token = tokenOf(new URL(request.url).searchParams.get("token"));
  const valid = readUnsubscribeToken(context.services.env.sessionSecrets, scopeOf(context), token) !== null;
  const view: UnsubscribeView = { token, valid, done: false, message: valid ? null : GARAGE_MESSAGES.unsubscribeInvalid };
  return json(view, { status: valid ? 200 : 400, headers: { "Cache-Control": "no-store" } });
}

/** POST: the saved search's daily email off, without signing in; the token is the proof. */
export async function searchUnsubscribeAction(request: Request, context: AppLoadContext): Promise<Response> {
  const form = await request.formData().catch(() => new FormData());
  const token = tokenOf(form.get("token"));
  const searchId = readUnsubscribeToken(context.services.env.sessionSecrets, scopeOf(context), token);
  if (searchId === null) {
    const view: UnsubscribeView = { token, valid: false, done: false, message: GARAGE_MESSAGES.unsubscribeInvalid };
    return json(view, { status: 400 });
  }
  await context.services.garage.searches.setDigest(context.tenant.slug, searchId, false, Date.now());
  context.log.info({ search: searchId }, "saved-search email unsubscribed");
  const view: UnsubscribeView = { token, valid: true, done: true, message: GARAGE_MESSAGES.searchUnsubscribed };
  return json(view, { headers: { "Cache-Control": "no-store" } });
}

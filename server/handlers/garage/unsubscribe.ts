import { json, type AppLoadContext } from "@remix-run/node";
import { GARAGE_MESSAGES } from "~/server/garage/messages";
import { readUnsubscribeToken } from "~/server/garage/unsubscribe-token";

export type UnsubscribeView = { token: string; valid: boolean; done: boolean; message: string | null };

function tokenOf(value: unknown): string {
  return typeof value === "string" ? value.slice(0, 200) : "";
}

/** GET /saved-cars/unsubscribe?token=…: a confirm button, no change on GET (a mail scanner follows links). */
export function unsubscribePage(request: Request, context: AppLoadContext): Response {
  const token = tokenOf(new URL(request.url).searchParams.get("token"));
  const valid = readUnsubscribeToken(context.services.env.sessionSecrets, context.tenant.slug, token) !== null;
  const view: UnsubscribeView = { token, valid, done: false, message: valid ? null : GARAGE_MESSAGES.unsubscribeInvalid };
  return json(view, { status: valid ? 200 : 400, headers: { "Cache-Control": "no-store" } });
}

/** POST: alerts off for that saved car, without signing in; the token is the proof. */
export async function unsubscribeAction(request: Request, context: AppLoadContext): Promise<Response> {
  const form = await request.formData().catch(() => new FormData());
  const token = tokenOf(form.get("token"));
  const savedId = readUnsubscribeToken(context.services.env.sessionSecrets, context.tenant.slug, token);
  if (savedId === null) {
    const view: UnsubscribeView = { token, valid: false, done: false, message: GARAGE_MESSAGES.unsubscribeInvalid };
    return json(view, { status: 400 });
  }
  await context.services.garage.saved.stopAlerts(context.tenant.slug, savedId);
  context.log.info({ saved: savedId }, "saved-car alerts unsubscribed");
  const view: UnsubscribeView = { token, valid: true, done: true, message: GARAGE_MESSAGES.unsubscribed };
  return json(view, { headers: { "Cache-Control": "no-store" } });
}

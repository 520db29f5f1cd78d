import { randomUUID } from "node:crypto";
import { json, redirect, type AppLoadContext } from "@remix-run/node";
import { GARAGE_MESSAGES } from "~/server/garage/messages";
import { CODE_TTL_MS, isCodeShaped, normaliseEmail } from "~/server/garage/sign-in-code";
import { commitVisitor } from "~/server/visitor/cookie";
import { garageTabHref } from "./garage-paths";
import { commitSessionToken } from "./session-cookie";
import type { Shopper } from "./shopper";

/** What the sign-in form shows after a POST (rendered with or without JavaScript). */
export type SignInReply = { step: "email" | "code"; email: string; message: string | null; error: string | null };

function reply(body: SignInReply, status = 200): Response {
  return json(body, { status, headers: { "Cache-Control": "no-store" } });
}

async function limited(context: AppLoadContext, email: string): Promise<Response | null> {
  const decision = await context.services.garage.codeLimiter.consume(context.tenant.slug, email, context.clientIp);
  if (decision.allowed) return null;
  const minutes = Math.max(1, Math.ceil(decision.retryAfterSeconds / 60));
  return json({ step: "email", email, message: null, error: GARAGE_MESSAGES.tooManyCodes(minutes) } satisfies SignInReply, {
    status: 429,
    headers: { "Retry-After": String(decision.retryAfterSeconds), "Cache-Control": "no-store" },
  });
}

/** A 6-digit code by email (through the lead email delivery: SMTP or the local mailbox). */
export async function requestCode(context: AppLoadContext, form: FormData): Promise<Response> {
  const typed = typeof form.get("email") === "string" ? String(form.get("email")).slice(0, 254) : "";
  const email = normaliseEmail(typed);
  if (email === null) return reply({ step: "email", email: typed, message: null, error: GARAGE_MESSAGES.emailInvalid }, 400);
  const refused = await limited(context, email);
  if (refused) return refused;
  const { site } = context.tenant;
  const code = await context.services.garage.accounts.issueCode(context.tenant.slug, email, Date.now());
  try {
    await context.services.mailer.send({
      tenant: context.tenant.slug,
      key: `garage-code-${randomUUID()}`,
      fromName: site.name,
      to: email,
      replyTo: null,
      subject: `Your sign-in code for ${site.name}`,
      text:
        `Your sign-in code for ${site.name} is ${code}.\n\n` +
        `It works for ${CODE_TTL_MS / 60_000} minutes, once. If you did not ask for it, you can ignore this email.\n`,
      html: null,
    });
  } catch (error) {
    context.log.error({ err: error }, "garage sign-in code could not be sent");
    return reply({ step: "email", email, message: null, error: "We couldn't send the email just now. Please try again in a moment." }, 503);
  }
  context.log.info("garage sign-in code sent");
  return reply({ step: "code", email, message: GARAGE_MESSAGES.codeSent(email), error: null });
}

/** The code typed: a session on success (anonymous favourites merged in), else the reason, attempts counted. */
export async function verifyCode(context: AppLoadContext, form: FormData, shopper: Shopper, base: string): Promise<Response> {
  const email = normaliseEmail(form.get("email"));
  if (email === null) return reply({ step: "email", email: "", message: null, error: GARAGE_MESSAGES.emailInvalid }, 400);
  const typed = String(form.get("code") ?? "").trim();
  if (!isCodeShaped(typed)) return reply({ step: "code", email, message: null, error: GARAGE_MESSAGES.codeInvalidFormat }, 400);
  const refused = await limited(context, email);
  if (refused) return refused;
  const now = Date.now();
  const tenant = context.tenant.slug;
  const { accounts, saved } = context.services.garage;
  const check = await accounts.redeemCode(tenant, email, typed, now);
  if (check.kind !== "ok") {
    const error =
      check.kind === "wrong"
        ? GARAGE_MESSAGES.codeWrong(check.attemptsLeft)
        : check.kind === "expired"
          ? GARAGE_MESSAGES.codeExpired
          : GARAGE_MESSAGES.codeUsedUp;
    return reply({ step: "code", email, message: null, error }, 400);
  }
  const user = await accounts.userFor(tenant, email, now);
  await saved.mergeInto(tenant, { kind: "visitor", deviceId: shopper.visitor.device_id }, { kind: "user", userId: user.id });
  const token = await accounts.startSession(tenant, user.id, now);
  context.log.info({ user: user.id }, "garage sign-in");
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", await commitSessionToken(token, context.services.cookies));
  headers.append("Set-Cookie", await commitVisitor(shopper.visitor, context.services.cookies));
  return redirect(garageTabHref(base, "saved-cars"), { status: 303, headers });
}

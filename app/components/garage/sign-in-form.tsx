import { Form } from "@remix-run/react";
import type { SignInReply } from "~/server/handlers/garage/sign-in";

const buttonClass = "rounded bg-brand px-6 py-3 font-semibold text-brand-contrast";
const inputClass = "mt-1 block w-full max-w-sm rounded border border-gray-400 px-3 py-2";

/** Email → 6-digit code → signed in. Plain POST forms, so it works without JavaScript. */
export function SignInForm({ action, reply }: { action: string; reply: SignInReply | undefined }) {
  const error = reply?.error ? (
    <p role="alert" className="text-red-700" data-testid="sign-in-error">
      {reply.error}
    </p>
  ) : null;
  if (reply?.step === "code") {
    return (
      <div className="space-y-3" data-testid="sign-in">
        {reply.message ? (
          <p role="status" data-testid="sign-in-message">
            {reply.message}
          </p>
        ) : null}
        {error}
        <Form method="post" action={action} className="space-y-3">
          <input type="hidden" name="intent" value="verify-code" />
          <input type="hidden" name="email" value={reply.email} />
          <label className="block font-semibold" htmlFor="garage-code">
            6-digit code
            <input
              id="garage-code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              required
              className={inputClass}
            />
          </label>
          <button type="submit" className={buttonClass}>
            Sign in
          </button>
        </Form>
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value="request-code" />
          <input type="hidden" name="email" value={reply.email} />
          <button type="submit" className="text-sm font-semibold underline">
            Send a new code
          </button>
        </Form>
      </div>
    );
  }
  return (
    <Form method="post" action={action} className="space-y-3" data-testid="sign-in">
      <input type="hidden" name="intent" value="request-code" />
      {error}
      <label className="block font-semibold" htmlFor="garage-email">
        Email
        <input
          id="garage-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={reply?.email ?? ""}
          className={inputClass}
        />
      </label>
      <p className="text-sm text-gray-700">We&apos;ll email you a 6-digit code. No password needed.</p>
      <button type="submit" className={buttonClass}>
        Email me a code
      </button>
    </Form>
  );
}

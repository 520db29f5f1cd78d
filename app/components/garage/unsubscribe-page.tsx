import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { UnsubscribeView } from "~/server/handlers/garage/unsubscribe";

/**
 * The page behind an email's unsubscribe link: one button, no sign-in, nothing changes on
 * GET (mail scanners follow links). Saved cars' alerts and saved searches' daily email share it.
 */
export function UnsubscribePage({ heading, button }: { heading: string; button: string }) {
  const page = useLoaderData<UnsubscribeView>();
  const done = useActionData<UnsubscribeView>();
  const view = done ?? page;
  return (
    <section className="max-w-xl space-y-4" aria-labelledby="unsubscribe-heading">
      <h1 id="unsubscribe-heading" className="text-2xl font-bold">
        {heading}
      </h1>
      {view.message ? (
        <p role="status" data-testid="unsubscribe-message">
          {view.message}
        </p>
      ) : null}
      {view.valid && !view.done ? (
        <Form method="post">
          <input type="hidden" name="token" value={view.token} />
          <button type="submit" className="rounded bg-brand px-4 py-2 font-semibold text-brand-contrast">
            {button}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

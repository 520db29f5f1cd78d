import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { searchUnsubscribeAction, searchUnsubscribePage } from "~/server/handlers/garage/search-unsubscribe";
import type { UnsubscribeView } from "~/server/handlers/garage/unsubscribe";

export const loader = ({ request, context }: LoaderFunctionArgs) => searchUnsubscribePage(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => searchUnsubscribeAction(request, context);
export const meta: MetaFunction = () => [{ title: "Stop emails about a saved search" }, { name: "robots", content: "noindex" }];

/** The link in a saved search's daily email (issue 14 §3): one button, no sign-in. */
export default function SearchUnsubscribeRoute() {
  const page = useLoaderData<UnsubscribeView>();
  const done = useActionData<UnsubscribeView>();
  const view = done ?? page;
  return (
    <section className="max-w-xl space-y-4" aria-labelledby="unsubscribe-heading">
      <h1 id="unsubscribe-heading" className="text-2xl font-bold">
        Stop emails about this search
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
            Stop the daily email for this search
          </button>
        </Form>
      ) : null}
    </section>
  );
}

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { unsubscribeAction, unsubscribePage, type UnsubscribeView } from "~/server/handlers/garage/unsubscribe";

export const loader = ({ request, context }: LoaderFunctionArgs) => unsubscribePage(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => unsubscribeAction(request, context);
export const meta: MetaFunction = () => [{ title: "Stop emails about a saved car" }, { name: "robots", content: "noindex" }];

/** The link in a price-drop or sold email (issue 14 §3): one button, no sign-in. */
export default function UnsubscribeRoute() {
  const page = useLoaderData<UnsubscribeView>();
  const done = useActionData<UnsubscribeView>();
  const view = done ?? page;
  return (
    <section className="max-w-xl space-y-4" aria-labelledby="unsubscribe-heading">
      <h1 id="unsubscribe-heading" className="text-2xl font-bold">
        Stop emails about this car
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
            Stop price-drop and sold emails
          </button>
        </Form>
      ) : null}
    </section>
  );
}

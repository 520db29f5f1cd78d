import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { GaragePage } from "~/server/handlers/garage/garage-page";
import type { SignInReply } from "~/server/handlers/garage/sign-in";
import { SavedCarsList } from "./saved-cars-list";
import { SavedSearchesList } from "./saved-searches-list";
import { SignInForm } from "./sign-in-form";
import { SiteLink } from "~/app/components/site-link";

function Tabs({ page }: { page: GaragePage }) {
  return (
    <nav aria-label="Garage">
      <ul className="flex flex-wrap gap-2 border-b border-gray-300">
        {page.tabs.map((tab) => (
          <li key={tab.tab}>
            <SiteLink
              href={tab.href}
              aria-current={tab.tab === page.tab ? "page" : undefined}
              className={`block px-3 py-2 font-semibold ${tab.tab === page.tab ? "border-b-2 border-brand" : "text-gray-700"}`}
            >
              {tab.label}
            </SiteLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Details({ page }: { page: GaragePage }) {
  if (!page.user) return null;
  return (
    <div className="space-y-6">
      <Form method="post" action={page.base} className="space-y-3">
        <input type="hidden" name="intent" value="details" />
        <p>
          Signed in as <strong data-testid="garage-email">{page.user.email}</strong>
        </p>
        <label className="block font-semibold" htmlFor="garage-name">
          Name
          <input
            id="garage-name"
            name="name"
            maxLength={100}
            defaultValue={page.user.name ?? ""}
            className="mt-1 block w-full max-w-sm rounded border border-gray-400 px-3 py-2"
          />
        </label>
        <button type="submit" className="rounded bg-brand px-4 py-2 font-semibold text-brand-contrast">
          Save details
        </button>
      </Form>
      <div className="flex flex-wrap gap-3">
        <Form method="post" action={page.base}>
          <input type="hidden" name="intent" value="sign-out" />
          <button type="submit" className="rounded px-4 py-2 font-semibold ring-1 ring-gray-400">
            Sign out
          </button>
        </Form>
        <Form method="post" action={page.base}>
          <input type="hidden" name="intent" value="sign-out-everywhere" />
          <button type="submit" className="rounded px-4 py-2 font-semibold ring-1 ring-gray-400">
            Sign out everywhere
          </button>
        </Form>
      </div>
    </div>
  );
}

/** The garage: tabs for saved cars, saved searches and details; sign-in when signed out. */
export function GarageView() {
  const page = useLoaderData<GaragePage>();
  const reply = useActionData<SignInReply>();
  return (
    <section className="space-y-6" aria-labelledby="garage-heading" data-testid="garage">
      <h1 id="garage-heading" className="text-2xl font-bold">
        My garage
      </h1>
      {page.failed ? <p role="status">We couldn&apos;t load your garage just now. Please try again in a moment.</p> : null}
      <Tabs page={page} />
      {page.user !== null && reply?.error ? (
        <p role="alert" className="text-red-700" data-testid="garage-error">
          {reply.error}
        </p>
      ) : null}
      {page.user === null ? (
        <div className="space-y-3 rounded-lg bg-white p-4 ring-1 ring-gray-200">
          <h2 className="text-lg font-semibold">Sign in to keep your saved cars</h2>
          <SignInForm action={page.base} reply={reply} />
        </div>
      ) : null}
      {page.tab === "saved-cars" ? (
        <div className="space-y-3">
          <h2 className="text-lg font-semibold">Saved cars</h2>
          <SavedCarsList cars={page.cars} alertsAction={page.user ? page.base : null} />
        </div>
      ) : null}
      {page.tab === "saved-searches" && page.user ? <SavedSearchesList searches={page.searches} action={page.base} /> : null}
      {page.tab === "details" ? <Details page={page} /> : null}
    </section>
  );
}

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { successView } from "~/server/handlers/leads/success";
import { formPageHeaders } from "../lib/forms/headers";
import { useLocalise } from "../lib/site-locale";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json(await successView(request, context.services.cookies), { headers: { "Cache-Control": "private, no-store" } });
}

export const headers = formPageHeaders;

export const meta: MetaFunction = () => [{ title: "Thank you" }, { name: "robots", content: "noindex" }];

/** spec 001 §2: the page shown after the final form step, naming the category that was sent. */
export default function SuccessRoute() {
  const { category, categorySlug } = useLoaderData<typeof loader>();
  const localise = useLocalise();
  return (
    <section className="mx-auto max-w-2xl space-y-4 py-8" data-testid="success" data-category={categorySlug ?? ""}>
      <h1 className="text-2xl font-bold sm:text-3xl">Thank you</h1>
      <p data-testid="success-message">
        {category ? (
          <>
            Your <strong>{localise(category)}</strong> has been sent. Our team will be in touch soon.
          </>
        ) : (
          localise("Your enquiry has been sent. Our team will be in touch soon.")
        )}
      </p>
      <p>
        <a className="font-semibold text-brand underline" href="/">
          Back to the home page
        </a>
      </p>
    </section>
  );
}

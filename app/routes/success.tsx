import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { successPage } from "~/server/handlers/leads/success";
import { LocationCard } from "../components/content/location-card";
import { formPageHeaders } from "../lib/forms/headers";
import { useLocalise } from "../lib/site-locale";
import { SiteLink } from "~/app/components/site-link";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json(await successPage(request, context), { headers: { "Cache-Control": "private, no-store" } });
}

export const headers = formPageHeaders;

export const meta: MetaFunction = () => [{ title: "Thank you" }, { name: "robots", content: "noindex" }];

/** spec 001 §2, after the final form step — what was sent, about which car, and what happens next. */
export default function SuccessRoute() {
  const { category, categorySlug, car, location, nextStep } = useLoaderData<typeof loader>();
  const localise = useLocalise();
  return (
    <section className="mx-auto max-w-2xl space-y-4 py-8" data-testid="success" data-category={categorySlug ?? ""}>
      <h1 className="text-2xl font-bold sm:text-3xl">Thank you</h1>
      <p data-testid="success-message">
        {category ? (
          <>
            Your <strong>{category}</strong> has been sent. Our team will be in touch soon.
          </>
        ) : (
          localise("Your enquiry has been sent. Our team will be in touch soon.")
        )}
      </p>
      {car ? (
        <p data-testid="success-car">
          About:{" "}
          <SiteLink className="font-semibold text-brand underline" href={car.href}>
            {car.title}
          </SiteLink>
        </p>
      ) : null}
      <h2 className="pt-2 text-xl font-bold">What happens next</h2>
      <p data-testid="success-next">{nextStep}</p>
      <LocationCard location={location} headingLevel="h3" />
      <p>
        <SiteLink className="font-semibold text-brand underline" href="/">
          Back to the home page
        </SiteLink>
      </p>
    </section>
  );
}

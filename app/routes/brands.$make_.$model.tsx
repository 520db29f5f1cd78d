import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { modelEnquiryAction, modelPage } from "~/server/handlers/brands/brand-page";
import { LeadForm } from "../components/forms/lead-form";
import { VehicleCard } from "../components/search/vehicle-card";
import { titledMeta } from "../lib/page-meta";
import { brandPageDescription } from "~/server/seo/page-title";
import { SiteLink } from "~/app/components/site-link";

/** /brands/{make}/{model}: the model's stock and an enquiry pre-filled with it. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return modelPage(request, params, context);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return modelEnquiryAction(request, params, context);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? titledMeta(matches, `${data.make.name} ${data.model.name}`, (site) => brandPageDescription(data.make.name, site, data.model.name))
    : [{ title: "Page not found" }];

export default function ModelRoute() {
  const { make, model, cards, form } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-6xl space-y-6 px-4 py-6" aria-labelledby="model-title">
      <p>
        <SiteLink href={`/brands/${make.slug}`} className="text-brand underline">
          {make.name} range
        </SiteLink>
      </p>
      <h1 id="model-title" className="text-2xl font-bold sm:text-3xl">
        {make.name} {model.name}
      </h1>
      {model.fromPriceText ? <p className="text-lg">{`From ${model.fromPriceText}`}</p> : null}
      <h2 className="text-xl font-semibold">{cards.length === 1 ? "1 in stock" : `${cards.length} in stock`}</h2>
      {cards.length > 0 ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {cards.map((card) => (
            <VehicleCard key={card.id} card={card} />
          ))}
        </div>
      ) : (
        <p>None in stock right now: ask us and we will find one.</p>
      )}
      <div className="max-w-2xl rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 className="mb-3 text-xl font-semibold">
          Enquire about the {make.name} {model.name}
        </h2>
        <LeadForm view={form} formId="model-enquiry-form" />
      </div>
    </section>
  );
}

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { brandPage } from "~/server/handlers/brands/brand-page";
import { ModelRange } from "../components/brands/model-range";
import { titledMeta } from "../lib/page-meta";
import { brandPageDescription } from "~/server/seo/page-title";
import { SiteLink } from "~/app/components/site-link";

/** /brands/{make}: the make's model range (spec 000 example /brands/jeep). */
export async function loader({ params, context }: LoaderFunctionArgs) {
  return brandPage(params, context);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? titledMeta(matches, `${data.make.name} range`, (site) => brandPageDescription(data.make.name, site))
    : [{ title: "Page not found" }];

export default function BrandRoute() {
  const { make, models } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-6xl space-y-4 px-4 py-6" aria-labelledby="brand-title">
      <h1 id="brand-title" className="flex items-center gap-3 text-2xl font-bold sm:text-3xl">
        {make.logo ? (
          <img src={make.logo} alt="" width={48} height={48} className="h-12 w-12 object-contain" data-testid="brand-logo" />
        ) : null}
        {make.name} range
      </h1>
      <p>
        <SiteLink href={`/search/${make.slug}`} className="font-semibold text-brand underline">
          See all {make.name} stock
        </SiteLink>
      </p>
      <ModelRange makeName={make.name} models={models} />
    </section>
  );
}

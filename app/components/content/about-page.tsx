import type { AboutView } from "~/server/content/built-in-pages";
import { LocationCards } from "./location-card";
import { SiteLink } from "~/app/components/site-link";
import { BuiltInPage } from "./built-in-page";

/** /about-us, built from site.json: who the dealer is, what it sells and where to find it. */
export function AboutPage({ view }: { view: AboutView }) {
  return (
    <BuiltInPage page="about-us" title={view.title} intro={view.intro}>
      {view.dealerships.length > 1 || view.dealerships.some((d) => d.manufacturers.length > 0) ? (
        <section aria-labelledby="about-dealerships" className="max-w-3xl">
          <h2 id="about-dealerships" className="text-xl font-semibold">
            Our dealerships
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-6">
            {view.dealerships.map((dealership) => (
              <li key={dealership.name}>
                <span className="font-medium">{dealership.name}</span>
                {dealership.manufacturers.length > 0 ? ` — ${dealership.manufacturers.join(", ")}` : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="about-locations">
        <h2 id="about-locations" className="text-xl font-semibold">
          Visit or call us
        </h2>
        <LocationCards locations={view.locations} />
      </section>
      <p>
        <SiteLink href="/contact" className="inline-block rounded bg-brand px-4 py-2 font-semibold text-brand-contrast hover:opacity-90">
          Contact us
        </SiteLink>
      </p>
    </BuiltInPage>
  );
}

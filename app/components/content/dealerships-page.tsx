import type { DealershipsView } from "~/server/content/built-in-pages";
import { LocationCard } from "./location-card";

/** /dealerships: every visible location once, grouped sales, service, parts (spec 001 §9). */
export function DealershipsPage({ view }: { view: DealershipsView }) {
  return (
    <article className="space-y-8" data-testid="content-page" data-page="dealerships">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold">{view.title}</h1>
        <p className="mt-2 text-lg text-gray-700">{view.description}</p>
      </header>
      {view.specialHours.length > 0 ? (
        <section aria-labelledby="special-hours" className="max-w-3xl rounded-lg border border-amber-300 bg-amber-50 p-4">
          <h2 id="special-hours" className="font-semibold">
            Holiday hours
          </h2>
          <ul className="mt-2 space-y-1 text-sm" data-testid="special-hours">
            {view.specialHours.map((line) => (
              <li key={line.date + line.label}>
                <span className="font-medium">{line.label}</span> ({line.date}): {line.hours}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {view.groups.map((group) => (
        <section key={group.type} aria-labelledby={`group-${group.type || "other"}`} data-testid="location-group" data-type={group.type}>
          <h2 id={`group-${group.type || "other"}`} className="text-2xl font-semibold">
            {group.heading}
          </h2>
          <div className="mt-3 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
            {group.locations.map((location) => (
              <LocationCard key={location.id} location={location} headingLevel="h3" />
            ))}
          </div>
        </section>
      ))}
    </article>
  );
}

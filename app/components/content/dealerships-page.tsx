import type { DealershipsView } from "~/server/content/built-in-pages";
import { LocationCards } from "./location-card";
import { BuiltInPage } from "./built-in-page";

/** /dealerships: every visible location once, grouped sales, service, parts (spec 001 §9). */
export function DealershipsPage({ view }: { view: DealershipsView }) {
  return (
    <BuiltInPage page="dealerships" title={view.title} intro={view.description}>
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
          <LocationCards locations={group.locations} />
        </section>
      ))}
    </BuiltInPage>
  );
}

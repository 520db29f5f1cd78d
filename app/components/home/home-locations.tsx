import type { HomeLocation } from "~/server/handlers/content/home-page";
import { PhoneLink } from "../phone-link";
import { TitledSection } from "~/app/components/titled-section";

/** The dealer's locations with today's hours; map links open in a new tab (spec 001 §2). */
export function HomeLocations({ locations }: { locations: HomeLocation[] }) {
  if (locations.length === 0) return null;
  return (
    <TitledSection titleId="home-locations-title" title="Visit us" testId="home-locations">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {locations.map((location) => (
          <li key={location.id} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200" data-testid="home-location">
            <h3 className="font-semibold">{location.name}</h3>
            <p className="text-sm">{location.address}</p>
            {location.today ? (
              <p className="mt-1 text-sm font-medium" data-testid="today-hours">
                {location.today}
              </p>
            ) : null}
            <p className="mt-2 flex flex-wrap gap-x-4 text-sm">
              <PhoneLink phone={location.phone} className="font-semibold underline" />
              <a href={location.mapUrl} target="_blank" rel="noopener nofollow" className="underline">
                Get directions<span className="sr-only"> to {location.name} (opens in a new tab)</span>
              </a>
            </p>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}

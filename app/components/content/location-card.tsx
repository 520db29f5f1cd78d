import type { LocationCard as Card } from "~/server/content/location-view";
import { OpeningHoursSection } from "../opening-hours";
import { PhoneLink } from "../phone-link";

/** One location: address with a map link (new tab, spec 001 §2), a tel: link and its opening hours. */
export function LocationCard({ location, headingLevel }: { location: Card; headingLevel: "h2" | "h3" }) {
  const Heading = headingLevel;
  const headingId = `location-${location.id}`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-gray-200 bg-white p-4" data-testid="location-card">
      <Heading id={headingId} className="text-lg font-bold">
        {location.name}
      </Heading>
      {location.manufacturers.length > 0 ? <p className="text-sm text-gray-600">{location.manufacturers.join(", ")}</p> : null}
      <address className="mt-2 not-italic">{location.address}</address>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        <a href={location.mapUrl} target="_blank" rel="noopener nofollow" className="font-semibold text-brand underline underline-offset-2">
          Get directions<span className="sr-only"> to {location.name} (opens in a new tab)</span>
        </a>
        <PhoneLink phone={location.phone} className="font-semibold text-brand underline underline-offset-2">
          <span className="sr-only">Call {location.name} on </span>
          {location.phone}
        </PhoneLink>
      </p>
      <OpeningHoursSection hours={location.hours} headingAs="p" />
    </section>
  );
}

/** Locations side by side as cards, each headed one level below the section that lists them. */
export function LocationCards({ locations }: { locations: Card[] }) {
  return (
    <div className="mt-3 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
      {locations.map((location) => (
        <LocationCard key={location.id} location={location} headingLevel="h3" />
      ))}
    </div>
  );
}

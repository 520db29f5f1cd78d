import type { LocationCard } from "~/server/content/location-view";
import { OpeningHoursSection } from "../opening-hours";
import { PhoneLink } from "../phone-link";

/** Beside the contact form, every location with its phone, opening hours and a map link (new tab). */
export function ContactLocations({ locations }: { locations: LocationCard[] }) {
  return (
    <aside aria-labelledby="contact-locations-title" className="space-y-4" data-testid="contact-locations">
      <h2 id="contact-locations-title" className="text-xl font-bold">
        {locations.length === 1 ? "Our location" : "Our locations"}
      </h2>
      {locations.map((location) => (
        <section key={location.id} className="rounded-lg border border-gray-200 bg-white p-4" data-testid="contact-location">
          <h3 className="font-semibold">{location.name}</h3>
          <p className="text-sm">{location.address}</p>
          <p className="mt-2 flex flex-wrap gap-x-4 text-sm">
            <PhoneLink phone={location.phone} className="font-semibold underline" />
            <a href={location.mapUrl} target="_blank" rel="noreferrer" className="underline" data-testid="contact-map-link">
              Get directions<span className="sr-only"> to {location.name} (opens in a new tab)</span>
            </a>
          </p>
          <OpeningHoursSection hours={location.hours} headingAs="p" />
        </section>
      ))}
    </aside>
  );
}

import { OpeningHoursSection } from "../opening-hours";
import type { LocationView } from "~/server/vehicle-page/types";
import { Panel } from "./panel";

/** The vehicle's location (spec 001 §3): address with a map link and its opening hours. */
export function LocationBlock({ location }: { location: LocationView }) {
  return (
    <Panel headingId="location-heading" heading={location.name} testId="vehicle-location">
      <address className="mt-1 not-italic">{location.address}</address>
      <p className="mt-1">
        <a
          href={location.mapUrl}
          target="_blank"
          rel="noopener nofollow"
          className="font-semibold text-brand underline underline-offset-2"
          data-testid="vehicle-map-link"
        >
          Get directions<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </p>
      <OpeningHoursSection hours={location.hours} headingAs="h3" />
    </Panel>
  );
}

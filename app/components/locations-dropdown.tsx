import type { BannerLocation } from "~/server/content/banner-locations";
import { PhoneLink } from "./phone-link";
import { SiteLink } from "~/app/components/site-link";

/**
 * spec 001 §2 banner locations dropdown: a <details>, so it opens without JavaScript. Inside the phone
 * menu (`inline`) the list opens in the flow of the menu instead of floating over the page.
 */
export function LocationsDropdown({ locations, inline = false }: { locations: BannerLocation[]; inline?: boolean }) {
  if (locations.length === 0) return null;
  return (
    <details className="nav-dropdown relative" data-testid={inline ? "menu-locations" : "locations-dropdown"}>
      <summary className="rounded px-2 py-1 font-semibold hover:bg-black/10">
        {locations.length === 1 ? "Our location" : "Our locations"} <span aria-hidden="true">▾</span>
      </summary>
      <ul
        className={`${inline ? "" : "absolute left-0 z-30 sm:left-auto sm:right-0"} mt-1 w-72 max-w-full rounded bg-white p-2 text-gray-900 shadow-lg`}
      >
        {locations.map((location) => (
          <li key={location.id}>
            {location.href.startsWith("tel:") ? (
              <PhoneLink phone={location.phone} className="block rounded px-3 py-2 hover:bg-gray-100" testId="banner-location">
                <span className="block text-sm">{location.place}</span>
                <span className="block font-semibold">{location.phone}</span>
              </PhoneLink>
            ) : (
              <SiteLink className="block rounded px-3 py-2 hover:bg-gray-100" href={location.href} data-testid="banner-location">
                <span className="block text-sm">{location.place}</span>
                <span className="block font-semibold">{location.phone}</span>
              </SiteLink>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}

import { imageSrcSet, imageUrl } from "~/server/images/image-url";
import type { VehicleCardView } from "~/server/vehicle-page/types";
import { SiteLink } from "~/app/components/site-link";

const CARD_WIDTHS = [384, 640, 750] as const;
const CARD_SIZES = "(min-width: 1024px) 300px, (min-width: 640px) 50vw, 100vw";

/** Below the fold: links with lazy images (similarVehicles decided which). */
export function SimilarVehicles({ heading, vehicles }: { heading: string; vehicles: VehicleCardView[] }) {
  if (vehicles.length === 0) return null;
  return (
    <section aria-labelledby="similar-heading" data-testid="similar-vehicles">
      <h2 id="similar-heading" className="text-xl font-bold">
        {heading}
      </h2>
      <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {vehicles.map((vehicle) => (
          <li key={vehicle.id} className="overflow-hidden rounded-lg border border-gray-200 bg-white">
            <SiteLink href={vehicle.href} className="block hover:opacity-90" data-testid="similar-vehicle">
              {vehicle.image ? (
                <img
                  src={imageUrl(vehicle.image, 640)}
                  srcSet={imageSrcSet(vehicle.image, CARD_WIDTHS)}
                  sizes={CARD_SIZES}
                  width={640}
                  height={427}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="aspect-[3/2] h-auto w-full bg-gray-100 object-cover"
                />
              ) : (
                <span className="flex aspect-[3/2] w-full items-center justify-center bg-gray-200 text-sm font-semibold uppercase text-gray-700">
                  New arrival
                </span>
              )}
              <span className="block p-3">
                <span className="block font-semibold">{vehicle.title}</span>
                <span className="block text-lg font-bold">{vehicle.price}</span>
              </span>
            </SiteLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { SimilarVehicles } from "./similar-vehicles";
import type { VehicleErrorData } from "~/server/vehicle-page/types";
import { SiteLink } from "~/app/components/site-link";

/** The vehicle route's 404 and 503 pages: friendly words, a way on, never a stack trace. */
export function VehicleError({ data }: { data: VehicleErrorData }) {
  if (data.kind === "page_not_found") {
    return (
      <div className="mx-auto max-w-3xl py-12" data-testid="error-page">
        <h1 className="text-3xl font-bold">Page not found</h1>
        <p className="mt-4">We couldn&apos;t find that page. It may have moved.</p>
        <p className="mt-6">
          <SiteLink className="font-semibold text-brand underline" href="/">
            Go to the home page
          </SiteLink>
        </p>
      </div>
    );
  }
  if (data.kind === "unavailable") {
    return (
      <div className="mx-auto max-w-3xl py-12" data-testid="vehicle-unavailable">
        <h1 className="text-3xl font-bold">We can&apos;t show this vehicle right now</h1>
        <p className="mt-4">Our stock listing isn&apos;t answering at the moment. Please try again in a minute.</p>
        <p className="mt-6">
          <SiteLink className="font-semibold text-brand underline" href={data.searchHref}>
            Browse our stock
          </SiteLink>
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-10 py-6" data-testid="vehicle-not-found">
      <div className="max-w-3xl">
        <h1 className="text-3xl font-bold">Vehicle not found</h1>
        <p className="mt-4">This vehicle is no longer listed. It may have been sold, or the link may be mistyped.</p>
        <p className="mt-6">
          <SiteLink className="font-semibold text-brand underline" href={data.searchHref} data-testid="vehicle-search-link">
            Search all our stock
          </SiteLink>
        </p>
      </div>
      <SimilarVehicles heading="You might also like" vehicles={data.similar} />
    </div>
  );
}

import { SimilarVehicles } from "./similar-vehicles";
import type { VehicleErrorData } from "~/server/vehicle-page/types";
import { ErrorWords } from "~/app/components/error-words";
import { SiteLink } from "~/app/components/site-link";

type Copy = { title: string; detail: string; linkText: string; linkTestId?: string };

const COPY: Record<VehicleErrorData["kind"], Copy> = {
  page_not_found: { title: "Page not found", detail: "We couldn't find that page. It may have moved.", linkText: "Go to the home page" },
  unavailable: {
    title: "We can't show this vehicle right now",
    detail: "Our stock listing isn't answering at the moment. Please try again in a minute.",
    linkText: "Browse our stock",
  },
  not_found: {
    title: "Vehicle not found",
    detail: "This vehicle is no longer listed. It may have been sold, or the link may be mistyped.",
    linkText: "Search all our stock",
    linkTestId: "vehicle-search-link",
  },
};

/** The vehicle route's 404 and 503 pages: friendly words, a way on, never a stack trace. */
export function VehicleError({ data }: { data: VehicleErrorData }) {
  const copy = COPY[data.kind];
  const href = data.kind === "page_not_found" ? "/" : data.searchHref;
  const link = (
    <SiteLink className="font-semibold text-brand underline" href={href} data-testid={copy.linkTestId}>
      {copy.linkText}
    </SiteLink>
  );
  const words = <ErrorWords title={copy.title} detail={copy.detail} link={link} />;
  if (data.kind !== "not_found") {
    return (
      <div className="mx-auto max-w-3xl py-12" data-testid={data.kind === "unavailable" ? "vehicle-unavailable" : "error-page"}>
        {words}
      </div>
    );
  }
  return (
    <div className="space-y-10 py-6" data-testid="vehicle-not-found">
      <div className="max-w-3xl">{words}</div>
      <SimilarVehicles heading="You might also like" vehicles={data.similar} />
    </div>
  );
}

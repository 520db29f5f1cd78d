import { ENTRY_TEXTS } from "~/server/multi-step/messages";
import { SiteLink } from "~/app/components/site-link";

const linkClass =
  "inline-flex items-center justify-center rounded bg-brand px-5 py-3 font-semibold text-brand-contrast hover:opacity-90 focus-visible:outline focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-brand";

function withCar(path: string, carId: number | string | null | undefined): string {
  return carId === null || carId === undefined ? path : `${path}?car_id=${encodeURIComponent(String(carId))}`;
}

/** spec 001 §9 'Get Pre-Approved Now': into the finance pre-approval flow, about a car when given. */
export function PreApprovalLink({ carId }: { carId?: number | string | null }) {
  return (
    <SiteLink href={withCar("/finance/apply", carId)} className={linkClass} data-testid="pre-approval-link">
      {ENTRY_TEXTS.finance}
    </SiteLink>
  );
}

/** spec 001 §9 'Get Your Valuation': into the trade-in valuation flow. */
export function ValuationLink({ carId }: { carId?: number | string | null }) {
  return (
    <SiteLink href={withCar("/trade-in/valuation", carId)} className={linkClass} data-testid="valuation-link">
      {ENTRY_TEXTS.tradeIn}
    </SiteLink>
  );
}

import type { VehiclePageView } from "~/server/vehicle-page/types";

type PriceBlockProps = Pick<VehiclePageView, "price" | "wasPrice" | "priceType" | "marketIndicator">;

/** spec 000 §5 price display, was-price and the 'below market price' indicator, as the rules decided. */
export function PriceBlock({ price, wasPrice, priceType, marketIndicator }: PriceBlockProps) {
  return (
    <div className="space-y-1" data-testid="vehicle-price-block">
      {wasPrice ? (
        <p className="text-gray-600">
          <span className="sr-only">Was </span>
          <s data-testid="vehicle-was-price">{wasPrice}</s>
        </p>
      ) : null}
      <p className="flex flex-wrap items-baseline gap-2">
        <span className="text-3xl font-bold" data-testid="vehicle-price">
          {price.text}
        </span>
        {price.kind === "subscription" ? <span className="text-gray-700">subscription</span> : null}
        {priceType ? (
          <span className="text-gray-700" data-testid="vehicle-price-type">
            {priceType}
          </span>
        ) : null}
      </p>
      {marketIndicator ? (
        <p
          className="inline-block rounded bg-green-100 px-2 py-0.5 text-sm font-semibold text-green-900"
          data-testid="vehicle-market-indicator"
        >
          {marketIndicator}
        </p>
      ) : null}
    </div>
  );
}

import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet, isRouteErrorResponse, useLoaderData, useRouteError, type ShouldRevalidateFunction } from "@remix-run/react";
import { CertifiedUsedDialog } from "../components/vehicle/certified-used-dialog";
import { REVEAL_INTENT, SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from "~/server/vehicle-page/constants";
import { DealerButtons } from "../components/vehicle/dealer-buttons";
import { FinanceBlock } from "../components/vehicle/finance-block";
import { FinanceCalculator } from "../components/vehicle/finance-calculator";
import { Gallery } from "../components/vehicle/gallery";
import { DealerRating } from "../components/dealer-rating";
import { LocationBlock } from "../components/vehicle/location-block";
import { PriceBlock } from "../components/vehicle/price-block";
import { SimilarVehicles } from "../components/vehicle/similar-vehicles";
import { SpecTable } from "../components/vehicle/spec-table";
import { SaveCarButton } from "../components/garage/save-car-button";
import { StickyActions } from "../components/vehicle/sticky-actions";
import { VehicleError } from "../components/vehicle/vehicle-error";
import { JsonLdScript } from "../components/seo/json-ld-script";
import { isAssistantConversation } from "~/app/lib/assistant/conversation";
import { isVehicleErrorData } from "~/server/vehicle-page/error-data";
import { revealPhone, vehiclePage } from "~/server/handlers/vehicle/vehicle-route";

// Its Cache-Control is the document's (server/http/cache-policy.ts): public for an anonymous visitor.
export async function loader(args: LoaderFunctionArgs) {
  return json(await vehiclePage(args));
}

/** The phone reveal (spec 000 §7): see revealPhone. */
export async function action(args: ActionFunctionArgs) {
  return revealPhone(args);
}

// Error pages keep their own headers (Retry-After on a 503, no-store); the page keeps the loader's.
export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

// The reveal and the assistant dialog's messages change nothing the loader reads, so the page is not reloaded after them.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, formAction, defaultShouldRevalidate }) =>
  formData?.get("intent") === REVEAL_INTENT || isAssistantConversation(formAction) ? false : defaultShouldRevalidate;

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  if (!data) {
    const unavailable = isRouteErrorResponse(error) && error.status === 503;
    return [{ title: unavailable ? "Temporarily unavailable" : "Vehicle not found" }, { name: "robots", content: "noindex" }];
  }
  const share = data.ogImage
    ? [
        { property: "og:image", content: data.ogImage },
        { property: "og:image:width", content: String(SHARE_IMAGE_WIDTH) },
        { property: "og:image:height", content: String(SHARE_IMAGE_HEIGHT) },
        { property: "og:image:alt", content: data.title },
        { name: "twitter:image", content: data.ogImage },
      ]
    : [];
  return [
    { title: data.metaTitle },
    { name: "description", content: data.metaDescription },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: data.siteName },
    { property: "og:title", content: data.metaTitle },
    { property: "og:description", content: data.metaDescription },
    { property: "og:url", content: data.canonical },
    { name: "twitter:card", content: data.ogImage ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: data.metaTitle },
    { name: "twitter:description", content: data.metaDescription },
    ...share,
  ];
};

export default function VehiclePage() {
  const page = useLoaderData<typeof loader>();
  return (
    <article className="space-y-10" data-testid="vehicle-page" data-car-id={page.carId}>
      {/* The summary column spans both rows on large screens, so the description starts right
          under the gallery (no empty space beside a long button column); phones read it in DOM order. */}
      {/* On a phone the first screen holds photo, title, price and the primary action above the sticky bar. */}
      <div className="grid gap-x-6 gap-y-4 lg:grid-cols-3 lg:grid-rows-[auto_1fr] lg:gap-y-8">
        <div className="lg:col-span-2">
          <Gallery images={page.images} title={page.title} tag={page.tag} requestPhotosHref={page.requestPhotosHref} />
        </div>
        <div className="space-y-5 lg:col-start-3 lg:row-span-2 lg:row-start-1">
          <header className="space-y-3">
            <div className="flex items-start justify-between gap-3">
              <h1 className="text-2xl font-bold [text-wrap:balance] sm:text-3xl" data-testid="vehicle-title">
                {page.title}
              </h1>
              <SaveCarButton carId={page.carId} title={page.title} />
            </div>
            {page.chips.length > 0 ? (
              <ul className="flex flex-wrap gap-2" aria-label="Key facts" data-testid="vehicle-chips">
                {page.chips.map((chip) => (
                  <li key={chip.key} className="rounded-full bg-gray-200 px-3 py-0.5 text-sm">
                    <span className="sr-only">{chip.label}: </span>
                    {chip.text}
                  </li>
                ))}
              </ul>
            ) : null}
            <PriceBlock price={page.price} wasPrice={page.wasPrice} priceType={page.priceType} marketIndicator={page.marketIndicator} />
          </header>
          <DealerButtons buttons={page.buttons} phone={page.phone} action={page.path} />
          {page.finance ? <FinanceBlock finance={page.finance} disclaimerOpen={page.open.disclaimer} /> : null}
          <aside className="space-y-5" aria-label="Dealer location">
            {page.certifiedMake ? <CertifiedUsedDialog make={page.certifiedMake} initiallyOpen={page.open.certified} /> : null}
            <DealerRating rating={page.rating} />
            <LocationBlock location={page.location} />
          </aside>
        </div>
        <div className="min-w-0 space-y-8 lg:col-span-2 lg:row-start-2">
          {page.description ? (
            <section aria-labelledby="description-heading" data-testid="vehicle-description">
              <h2 id="description-heading" className="text-xl font-bold">
                Description
              </h2>
              <p className="mt-3 whitespace-pre-line leading-relaxed">{page.description}</p>
            </section>
          ) : null}
          <SpecTable specs={page.specs} />
          {page.calculator ? <FinanceCalculator calculator={page.calculator} action={page.path} keep={page.keepQuery} /> : null}
        </div>
      </div>

      <SimilarVehicles heading={page.similarHeading} vehicles={page.similar} />
      <Outlet />
      <JsonLdScript testId="vehicle-json-ld" />
      <StickyActions phone={page.phone} buttons={page.buttons} />
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && isVehicleErrorData(error.data)) return <VehicleError data={error.data} />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return <VehicleError data={status === 404 ? { kind: "page_not_found" } : { kind: "unavailable", searchHref: "/" }} />;
}

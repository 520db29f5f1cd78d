import type { CardView } from "~/server/stock/card-view";
import { CERTIFIED_USED_BADGE } from "~/server/stock/certified-used";
import { imageSrcSet, imageUrl } from "~/server/images/image-url";
import { SaveCarButton } from "../garage/save-car-button";
import { useSiteLocale } from "~/app/lib/site-locale";
import { localiseText } from "~/server/lib/spelling";
import type { Locale } from "~/server/lib/format";
import type { ReactNode } from "react";
import { SiteLink } from "~/app/components/site-link";

// A card is ~384 px wide from sm up and the screen's width on a phone: 384 for one-density screens
// from sm up, 750 for the rest (phones are two- or three-density). The 640 src is for browsers without srcset.
const cardWidths = [384, 750] as const;

function TagBanner({ tag }: { tag: CardView["tag"] }) {
  if (!tag) return null;
  if (tag.kind === "certified-image") {
    // spec 000 §4: an image badge for the site's one certified manufacturer, its words as the alt text.
    return (
      <img
        src={CERTIFIED_USED_BADGE}
        alt={tag.text}
        width={132}
        height={32}
        className="absolute left-2 top-2 h-8 w-auto drop-shadow"
        data-testid="card-tag"
      />
    );
  }
  // Tenant accents may be light or dark, so no text sits on one: the accent is a stripe on a dark banner.
  const tone = tag.kind === "sold" ? "bg-red-700" : tag.kind === "reserved" ? "bg-gray-800" : "border-l-4 border-accent bg-gray-900";
  return (
    <span className={`absolute left-2 top-2 rounded px-2 py-1 text-xs font-bold uppercase text-white ${tone}`} data-testid="card-tag">
      {tag.text}
    </span>
  );
}

function CardImage({ card, eager }: { card: CardView; eager: boolean }) {
  if (!card.image) {
    return (
      <div
        className="flex aspect-[3/2] flex-col items-center justify-center gap-2 bg-gray-200 text-gray-700"
        data-testid="card-placeholder"
      >
        <span className="text-lg font-semibold">New Arrival</span>
        <span className="text-sm">Photos coming soon</span>
      </div>
    );
  }
  return (
    <img
      src={imageUrl(card.image, 640)}
      srcSet={imageSrcSet(card.image, cardWidths)}
      sizes="(min-width: 1024px) 30vw, (min-width: 640px) 45vw, 100vw"
      width={640}
      height={427}
      alt={card.title}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className="aspect-[3/2] w-full object-cover"
    />
  );
}

export function VehicleCard({ card, eager = false }: { card: CardView; eager?: boolean }) {
  return (
    <VehicleCardMarkup card={card} eager={eager} locale={useSiteLocale()} heart={<SaveCarButton carId={card.id} title={card.title} />} />
  );
}

/**
 * The card as markup alone, without the router's hooks: React draws it through VehicleCard, and the
 * results page's server render draws it straight to HTML (app/lib/results-markup.server.tsx).
 */
export function VehicleCardMarkup({ card, eager, locale, heart }: { card: CardView; eager: boolean; locale: Locale; heart: ReactNode }) {
  const localise = (text: string) => localiseText(text, locale);
  // An available car's buttons, in this order; finance and reserve only where the car offers them.
  const buttons = [
    { label: localise("Enquire"), href: card.links.enquire, tone: "bg-brand text-brand-contrast", testId: "card-enquire" },
    { label: "Finance", href: card.links.finance, tone: "ring-1 ring-gray-400", testId: "card-finance" },
    { label: "Details", href: card.href, tone: "ring-1 ring-gray-400", testId: "card-details" },
    { label: "Reserve", href: card.links.reserve, tone: "bg-white text-gray-900 ring-2 ring-accent", testId: "card-reserve" },
  ];
  return (
    <article
      className="flex flex-col overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-gray-200"
      data-testid="vehicle-card"
      data-vehicle-id={card.id}
    >
      <div className="relative">
        <SiteLink href={card.href} tabIndex={-1} aria-hidden="true">
          <CardImage card={card} eager={eager} />
        </SiteLink>
        <TagBanner tag={card.tag} />
        <div className="absolute right-2 top-2">{heart}</div>
        {card.location ? (
          <span className="absolute bottom-2 left-2 rounded bg-black/70 px-2 py-0.5 text-xs text-white" data-testid="card-location">
            {card.location}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="text-base font-semibold leading-snug [text-wrap:balance]">
          <SiteLink href={card.href} className="hover:underline" data-testid="card-title">
            {card.title}
          </SiteLink>
        </h2>
        {card.chips.length > 0 ? (
          <ul className="card-chips flex flex-wrap gap-1 text-xs" aria-label="Key details">
            {card.chips.map((chip) => (
              <li key={chip.label}>
                <span className="sr-only">{`${chip.label}: `}</span>
                {chip.text}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mt-auto">
          {card.wasPrice ? (
            <p className="text-sm text-gray-600">
              Was <s data-testid="card-was-price">{card.wasPrice}</s>
            </p>
          ) : null}
          <p className="text-2xl font-bold" data-testid="card-price">
            {card.price.text}
            {card.price.kind === "subscription" ? <span className="text-sm font-normal"> /week subscription</span> : null}
          </p>
          {card.priceType ? (
            <p className="text-xs text-gray-600" data-testid="card-price-type">
              {card.priceType}
            </p>
          ) : null}
        </div>
        {card.available ? (
          <div className="grid grid-cols-2 gap-2">
            {buttons.map(({ label, href, tone, testId }) =>
              href ? (
                <SiteLink key={testId} className={`card-button ${tone}`} href={href} data-testid={testId}>
                  {label}
                </SiteLink>
              ) : null,
            )}
          </div>
        ) : card.links.similar ? (
          <SiteLink className="card-button bg-gray-800 text-white" href={card.links.similar.href} data-testid="card-similar">
            {card.links.similar.text}
          </SiteLink>
        ) : null}
        {card.links.requestPhotos ? (
          <SiteLink
            className="text-sm font-semibold text-brand underline"
            href={card.links.requestPhotos}
            data-testid="card-request-photos"
          >
            Request Photos
          </SiteLink>
        ) : null}
      </div>
    </article>
  );
}

import { imageUrl } from "~/server/images/image-url";
import type { PromoCardView } from "~/server/content/promos";
import { SiteLink } from "~/app/components/site-link";
import { TitledSection } from "~/app/components/titled-section";

function PromoCardBody({ promo }: { promo: PromoCardView }) {
  return (
    <>
      {/* The picture takes the room the grid row gives the card (a results row is as tall as its vehicle cards), never less than 8:5. */}
      <span className="relative block aspect-[8/5] w-full flex-1">
        <img
          src={imageUrl(promo.image, 640)}
          width={640}
          height={400}
          alt={promo.alt}
          loading="lazy"
          className="absolute inset-0 h-full w-full object-cover"
        />
      </span>
      <span className="flex flex-col gap-1 p-4">
        {promo.title ? <span className="text-lg font-semibold leading-snug">{promo.title}</span> : null}
        {promo.text ? <span className="text-sm text-gray-700">{promo.text}</span> : null}
        {promo.cta ? (
          <span className="mt-2 inline-flex self-start rounded-md bg-brand px-3 py-2 text-sm font-semibold text-brand-contrast group-hover:underline">
            {promo.cta}
          </span>
        ) : null}
      </span>
    </>
  );
}

/** spec 001 §3–§4 promo card: its image and alt text on its background, then its title, one line and its button when it links somewhere. */
export function PromoCard({ promo }: { promo: PromoCardView }) {
  const className = "flex h-full flex-col overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-gray-200";
  const style = promo.background ? { background: promo.background } : undefined;
  return promo.href ? (
    <SiteLink
      href={promo.href}
      className={`group ${className} hover:ring-brand`}
      style={style}
      data-testid="promo-card"
      data-promo-id={promo.id}
    >
      <PromoCardBody promo={promo} />
    </SiteLink>
  ) : (
    <div className={className} style={style} data-testid="promo-card" data-promo-id={promo.id}>
      <PromoCardBody promo={promo} />
    </div>
  );
}

export function PromoCards({ promos, title }: { promos: PromoCardView[]; title: string }) {
  if (promos.length === 0) return null;
  return (
    <TitledSection titleId="promo-cards-title" title={title} testId="promo-cards">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {promos.map((promo) => (
          <li key={promo.id}>
            <PromoCard promo={promo} />
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}

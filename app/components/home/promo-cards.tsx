import { imageUrl } from "~/server/images/image-url";
import type { PromoCardView } from "~/server/content/promos";

function PromoCardBody({ promo }: { promo: PromoCardView }) {
  return (
    <>
      <img
        src={imageUrl(promo.image, 640)}
        width={640}
        height={400}
        alt={promo.alt}
        loading="lazy"
        className="aspect-[8/5] w-full object-cover"
      />
      {promo.title ? <span className="block p-3 font-semibold">{promo.title}</span> : null}
    </>
  );
}

/** spec 001 §3–§4 promo card: its image and alt text on its background, linking where the dealer set. */
export function PromoCard({ promo }: { promo: PromoCardView }) {
  const className = "block h-full overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-gray-200";
  const style = promo.background ? { background: promo.background } : undefined;
  return promo.href ? (
    <a href={promo.href} className={`${className} hover:ring-brand`} style={style} data-testid="promo-card" data-promo-id={promo.id}>
      <PromoCardBody promo={promo} />
    </a>
  ) : (
    <div className={className} style={style} data-testid="promo-card" data-promo-id={promo.id}>
      <PromoCardBody promo={promo} />
    </div>
  );
}

export function PromoCards({ promos, title }: { promos: PromoCardView[]; title: string }) {
  if (promos.length === 0) return null;
  return (
    <section aria-labelledby="promo-cards-title" data-testid="promo-cards">
      <h2 id="promo-cards-title" className="mb-3 text-xl font-bold">
        {title}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {promos.map((promo) => (
          <li key={promo.id}>
            <PromoCard promo={promo} />
          </li>
        ))}
      </ul>
    </section>
  );
}

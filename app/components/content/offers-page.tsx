import { NO_OFFERS_TEXT, type OffersView } from "~/server/content/offers-page";
import { PromoCards } from "../home/promo-cards";

/** /offers on a site without an offers page of its own: its current promo cards (spec 001 §2, §4). */
export function OffersPage({ view }: { view: OffersView }) {
  return (
    <article className="space-y-8" data-testid="content-page" data-page="offers">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold">{view.title}</h1>
        <p className="mt-2 text-lg text-gray-700">{view.description}</p>
      </header>
      {view.promos.length > 0 ? <PromoCards promos={view.promos} title="Current offers" /> : <p>{NO_OFFERS_TEXT}</p>}
    </article>
  );
}

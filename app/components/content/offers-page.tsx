import { NO_OFFERS_TEXT, type OffersView } from "~/server/content/offers-page";
import { PromoCards } from "../home/promo-cards";
import { BuiltInPage } from "./built-in-page";

/** /offers on a site without an offers page of its own: its current promo cards (spec 001 §2, §4). */
export function OffersPage({ view }: { view: OffersView }) {
  return (
    <BuiltInPage page="offers" title={view.title} intro={view.description}>
      {view.promos.length > 0 ? <PromoCards promos={view.promos} title="Current offers" /> : <p>{NO_OFFERS_TEXT}</p>}
    </BuiltInPage>
  );
}

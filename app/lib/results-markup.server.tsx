import { renderToStaticMarkup } from "react-dom/server";
import type { PromoCardView } from "~/server/content/promos";
import type { Locale } from "~/server/lib/format";
import type { CardView } from "~/server/stock/card-view";
import { SaveCarForm } from "~/app/components/garage/save-car-button";
import { PromoCard } from "~/app/components/home/promo-cards";
import { eagerCards, promoAfter } from "~/app/components/search/results-order";
import { VehicleCardMarkup } from "~/app/components/search/vehicle-card";

/**
 * A card's HTML is a function of what it is drawn from alone, so it is kept under exactly that: a car
 * on another results page, or seen by another visitor, is not drawn again. The key holds the whole
 * card (its links, price, tag), so a changed car is a new key; nothing a visitor sends is in it but
 * whether this car is among their saved ones. Oldest first out past the bound (≈ 3 KB of HTML each).
 */
const MAX_KEPT = 4_000;
const kept = new Map<string, string>();

/**
 * React's string renderer returns a rope of thousands of pieces. Kept as it is, every page holding it
 * would walk those pieces again when it is turned into bytes (Buffer.from took 8 → 18 % of the search
 * page's CPU), so it is kept as one flat string.
 */
const flat = (rope: string): string => Buffer.from(rope, "utf8").toString("utf8");

function keptMarkup(key: string, draw: () => string): string {
  let html = kept.get(key);
  if (html === undefined) {
    html = flat(draw());
    if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(key, html);
  }
  return html;
}

function cardMarkup(card: CardView, eager: boolean, locale: Locale, saved: boolean): string {
  return keptMarkup(`card|${locale}|${eager ? 1 : 0}|${saved ? 1 : 0}|${JSON.stringify(card)}`, () =>
    renderToStaticMarkup(
      <VehicleCardMarkup
        card={card}
        eager={eager}
        locale={locale}
        heart={<SaveCarForm carId={card.id} title={card.title} saved={saved} />}
      />,
    ),
  );
}

function promoMarkup(promo: PromoCardView): string {
  return keptMarkup(`promo|${JSON.stringify(promo)}`, () => renderToStaticMarkup(<PromoCard promo={promo} />));
}

/**
 * The results grid's inside as HTML: every card, with a promo card after every sixth, as React would
 * draw them (VehicleCardMarkup, PromoCard), each heart the no-JavaScript form.
 */
export function resultsMarkup({
  cards,
  promos,
  locale,
  savedIds,
}: {
  cards: readonly CardView[];
  promos: readonly PromoCardView[];
  locale: Locale;
  savedIds: readonly number[];
}): string {
  let html = "";
  cards.forEach((card, index) => {
    html += cardMarkup(card, index < eagerCards, locale, savedIds.includes(card.id));
    const promo = promoAfter(promos, index);
    if (promo) html += promoMarkup(promo);
  });
  return html;
}

import { useNavigate, useRouteLoaderData } from "@remix-run/react";
import { Fragment, useEffect, useLayoutEffect, useState, type RefObject } from "react";
import { createPortal } from "react-dom";
import type { PromoCardView } from "~/server/content/promos";
import type { SavedState } from "~/server/handlers/garage/saved-state";
import type { CardView } from "~/server/stock/card-view";
import { routerFollowedLink } from "~/app/lib/page-link-click";
import { useServerRender } from "~/app/lib/server-render";
import { useSiteLocale } from "~/app/lib/site-locale";
import { SaveCarButton } from "../garage/save-car-button";
import { PromoCard } from "../home/promo-cards";
import { resultsMarkup } from "~/app/lib/results-markup.server";
import { eagerCards, promoAfter } from "./results-order";
import { SAVE_CAR_SLOT, VehicleCard } from "./vehicle-card";

type GridProps = { className: string; busy: boolean; gridRef: RefObject<HTMLDivElement> };

/**
 * The results: every card, a promo card after every sixth. A client navigation's data has the cards
 * and React draws them; a document's cards are drawn by the server alone (`cards` and `promos` null here) and the
 * browser keeps that HTML as it is, so 21 cards cost neither their data in the page nor hydration.
 */
export function ResultsGrid({
  cards,
  promos,
  className,
  busy,
  gridRef,
}: GridProps & { cards: readonly CardView[] | null; promos: readonly PromoCardView[] | null }) {
  if (cards === null) return <ServerDrawnResults className={className} busy={busy} gridRef={gridRef} />;
  return (
    <div key="drawn-by-react" className={className} aria-busy={busy} data-testid="search-results" ref={gridRef}>
      {cards.map((card, index) => {
        const promo = promoAfter(promos ?? [], index);
        return (
          <Fragment key={card.id}>
            <VehicleCard card={card} eager={index < eagerCards} />
            {promo ? <PromoCard promo={promo} /> : null}
          </Fragment>
        );
      })}
    </div>
  );
}

// The server has no layout; the browser swaps the hearts in before it paints.
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

type LiveHeart = { slot: HTMLElement; carId: number; title: string };

/**
 * The server-drawn grid. In the browser its HTML is read back from the page, so React's first render
 * matches it and React never rewrites it. Its links are followed by the router, and each card's
 * no-JavaScript heart form gives way to a live SaveCarButton.
 */
function ServerDrawnResults({ className, busy, gridRef }: GridProps) {
  const serverRender = useServerRender();
  const locale = useSiteLocale();
  const savedIds = useRouteLoaderData<{ saved?: SavedState }>("root")?.saved?.ids ?? [];
  const [drawn] = useState(() => (serverRender ? "" : (document.querySelector("[data-server-drawn]")?.innerHTML ?? "")));
  const hearts = useLiveHearts(gridRef);
  useRouterFollowsLinks(gridRef);
  // After every hook: React's string renderer, used for the cards, resets the hook state of the
  // component it is called from.
  const results = serverRender?.searchResults;
  const html = results ? resultsMarkup({ cards: results.cards, promos: results.promos, locale, savedIds }) : drawn;
  return (
    <>
      <div
        key="drawn-by-server"
        className={className}
        aria-busy={busy}
        data-testid="search-results"
        ref={gridRef}
        data-server-drawn=""
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {hearts.map(({ slot, carId, title }) => createPortal(<SaveCarButton carId={carId} title={title} />, slot, String(carId)))}
    </>
  );
}

/** A click on one of the site's links inside the server-drawn HTML is a client navigation, as a <Link>'s would be. */
function useRouterFollowsLinks(gridRef: RefObject<HTMLDivElement>): void {
  const navigate = useNavigate();
  useEffect(() => {
    const grid = gridRef.current;
    if (!grid) return;
    const onClick = (event: MouseEvent) => {
      const href = routerFollowedLink(event);
      if (href === null) return;
      event.preventDefault();
      navigate(href);
    };
    grid.addEventListener("click", onClick);
    return () => grid.removeEventListener("click", onClick);
  }, [gridRef, navigate]);
}

/** Each server-drawn heart form, emptied for a SaveCarButton, with focus kept where it was. */
function useLiveHearts(gridRef: RefObject<HTMLDivElement>): LiveHeart[] {
  const [hearts, setHearts] = useState<LiveHeart[]>([]);
  const [focusedCar, setFocusedCar] = useState<number | null>(null);
  useBrowserLayoutEffect(() => {
    const slots = gridRef.current?.querySelectorAll<HTMLElement>(SAVE_CAR_SLOT) ?? [];
    const found: LiveHeart[] = [];
    for (const slot of slots) {
      const card = slot.closest<HTMLElement>("[data-vehicle-id]");
      const carId = Number(card?.dataset.vehicleId);
      if (!Number.isInteger(carId)) continue;
      if (slot.contains(document.activeElement)) setFocusedCar(carId);
      slot.replaceChildren();
      found.push({ slot, carId, title: card?.querySelector("h2")?.textContent ?? "" });
    }
    setHearts(found);
  }, [gridRef]);
  useBrowserLayoutEffect(() => {
    if (focusedCar === null) return;
    document.getElementById(`save-car-${focusedCar}`)?.querySelector("button")?.focus();
    setFocusedCar(null);
  }, [hearts, focusedCar]);
  return hearts;
}

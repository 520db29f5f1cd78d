import { useFetchers, useNavigate, useRouteLoaderData, useSubmit } from "@remix-run/react";
import { Fragment, useEffect, useState, type RefObject } from "react";
import type { PromoCardView } from "~/server/content/promos";
import type { SavedState } from "~/server/handlers/garage/saved-state";
import type { CardView } from "~/server/stock/card-view";
import { routerFollowedLink } from "~/app/lib/page-link-click";
import { useServerRender } from "~/app/lib/server-render";
import { useSiteLocale } from "~/app/lib/site-locale";
import { SAVE_CAR_FETCH_ACTION, heartState, saveCarFetcherKey, shownSaved } from "../garage/save-car-button";
import type { FavouriteReply } from "~/server/handlers/garage/favourite-action";
import { PromoCard } from "../home/promo-cards";
import { resultsMarkup } from "~/app/lib/results-markup.server";
import { eagerCards, promoAfter } from "./results-order";
import { VehicleCard } from "./vehicle-card";

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

/**
 * The server-drawn grid. In the browser its HTML is read back from the page, so React's first render
 * matches it and React never rewrites it: the elements a shopper may already be pressing stay the same
 * ones. Its links are followed by the router, and each card's heart form posts through that car's
 * fetcher, as a SaveCarButton's does.
 */
function ServerDrawnResults({ className, busy, gridRef }: GridProps) {
  const serverRender = useServerRender();
  const locale = useSiteLocale();
  const savedIds = useRouteLoaderData<{ saved?: SavedState }>("root")?.saved?.ids ?? [];
  const [drawn] = useState(() => (serverRender ? "" : (document.querySelector("[data-server-drawn]")?.innerHTML ?? "")));
  useRouterFollowsLinks(gridRef);
  useFetcherHearts(gridRef, savedIds);
  // After every hook: React's string renderer, used for the cards, resets the hook state of the
  // component it is called from.
  const results = serverRender?.searchResults;
  const html = results ? resultsMarkup({ cards: results.cards, promos: results.promos, locale, savedIds }) : drawn;
  return (
    <div
      key="drawn-by-server"
      className={className}
      aria-busy={busy}
      data-testid="search-results"
      ref={gridRef}
      data-server-drawn=""
      dangerouslySetInnerHTML={{ __html: html }}
    />
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

/** The car a server-drawn heart form is for (its car_id), or null for any other form. */
function heartCar(form: HTMLFormElement): number | null {
  if (!form.id.startsWith("save-car-")) return null;
  const carId = Number(new FormData(form).get("car_id"));
  return Number.isInteger(carId) && carId > 0 ? carId : null;
}

/**
 * The server-drawn hearts with JavaScript: a press posts through the car's own fetcher (no page load),
 * and each heart then reads as a SaveCarButton would (heartState: filled at once while the post is
 * pending, then as the root's saved cars say, with the reply's message). The forms are updated in place,
 * never replaced, so a press during hydration is not lost and focus stays on the heart.
 */
function useFetcherHearts(gridRef: RefObject<HTMLDivElement>, savedIds: readonly number[]): void {
  const submit = useSubmit();
  const fetchers = useFetchers();
  useEffect(() => {
    const grid = gridRef.current;
    if (!grid) return;
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target instanceof HTMLFormElement ? event.target : null;
      const carId = form ? heartCar(form) : null;
      if (!form || carId === null) return;
      event.preventDefault();
      submit(form, { method: "post", action: SAVE_CAR_FETCH_ACTION, navigate: false, fetcherKey: saveCarFetcherKey(carId) });
    };
    grid.addEventListener("submit", onSubmit);
    return () => grid.removeEventListener("submit", onSubmit);
  }, [gridRef, submit]);
  useEffect(() => {
    const grid = gridRef.current;
    if (!grid) return;
    for (const form of grid.querySelectorAll<HTMLFormElement>("form[id^='save-car-']")) {
      const carId = heartCar(form);
      const button = form.querySelector("button");
      const intent = form.querySelector<HTMLInputElement>("input[name='intent']");
      const title = form.closest("[data-vehicle-id]")?.querySelector("h2")?.textContent ?? "";
      if (carId === null || !button || !intent) continue;
      const fetcher = fetchers.find((candidate) => candidate.key === saveCarFetcherKey(carId));
      const heart = heartState(shownSaved(carId, fetcher?.formData?.get("intent"), savedIds), title);
      button.setAttribute("aria-label", heart.label);
      button.textContent = heart.glyph;
      intent.value = heart.intent;
      const reply = fetcher?.state === "idle" ? (fetcher.data as FavouriteReply | undefined)?.message : null;
      let status = form.querySelector<HTMLElement>("[role='status']");
      if (reply && !status) {
        status = document.createElement("span");
        status.setAttribute("role", "status");
        status.className = "bg-white p-1 text-sm";
        form.append(status);
      }
      if (status) {
        if (reply) status.textContent = reply;
        else status.remove();
      }
    }
  }, [gridRef, fetchers, savedIds]);
}

import { useEffect, type RefObject } from "react";
import { createInsights, ensureUserToken } from "../search-insights";
import type { ClientTracking } from "./send-event";

type InsightsTracking = ClientTracking & { insights: boolean };

let insights: ReturnType<typeof createInsights> | null = null;

const randomId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");

/** One sender per document (one site): loaded on demand (spec 001 §8) once results show, the token kept in its cookie for 180 days. */
function pageInsights(tracking: InsightsTracking) {
  insights ??= createInsights(
    () =>
      import("./send-event").then(
        ({ sendEvent }) =>
          (eventId, properties) =>
            sendEvent(tracking, eventId, { event_properties: properties }),
      ),
    // getRandomValues, unlike randomUUID, also works on a plain-HTTP address.
    () => ensureUserToken(document, window.location.protocol === "https:", randomId),
  );
  return insights;
}

/**
 * Listens on the results grid: a click on a link inside a vehicle card (a mouse, or Enter on the focused
 * link) is a search click insight — the car's id, its position over all pages, the search as its query id
 * — where the visitor's consent allows it. The link is followed as usual; the event goes by beacon, so it
 * survives the page change.
 */
export function useResultClicks(
  grid: RefObject<HTMLElement | null>,
  tracking: InsightsTracking | null,
  firstPosition: number,
  /**
   * What the grid shows (its cards, and whether the server or React drew them): the grid is not rendered
   * while there are none, and is a new element when React takes over, so a change re-attaches the listener.
   */
  shown: string,
): void {
  useEffect(() => {
    const element = grid.current;
    if (!element || !tracking?.insights) return;
    const insights = pageInsights(tracking);
    insights.preload();
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      const card = target?.closest("a[href]") ? target.closest<HTMLElement>("[data-vehicle-id]") : null;
      if (!card?.dataset.vehicleId) return;
      const cards = [...element.querySelectorAll("[data-vehicle-id]")];
      void insights
        .send({
          kind: "click",
          objectId: card.dataset.vehicleId,
          position: firstPosition + cards.indexOf(card),
          queryId: `${window.location.pathname}${window.location.search}`,
        })
        .catch(() => undefined);
    };
    element.addEventListener("click", onClick);
    return () => element.removeEventListener("click", onClick);
  }, [grid, tracking, firstPosition, shown]);
}

import path from "node:path";
import { createRef } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { ResultsGrid } from "~/app/components/search/results-grid";
import { resultsMarkup } from "~/app/lib/results-markup.server";
import { ServerRenderProvider } from "~/app/lib/server-render";
import { shownPromos } from "~/server/content/promos";
import { cardView, type CardView } from "~/server/stock/card-view";
import { loadTenants, type Tenant } from "~/server/tenants/load";
import { generateStock } from "~/scripts/lib/demo-stock";

const NOW = 1_750_000_000_000;
const tenants = loadTenants(path.resolve("tenants"));

/** A results page's worth of a demo site's cards (sold, reserved, subscription and unpriced cars among them). */
function cardsOf(tenant: Tenant): CardView[] {
  return generateStock(tenant, { now: NOW })
    .slice(0, 21)
    .map((vehicle) => cardView(vehicle, tenant.site, NOW, "/search/used-cars"));
}

const promosOf = (tenant: Tenant) => shownPromos(tenant.home?.promos ?? [], { now: NOW, carTypes: [], seed: tenant.slug });

/** The grid as the page draws it, under a router whose root data is this site's locale and saved cars. */
function drawGrid(tenant: Tenant, cards: CardView[] | null, savedIds: number[], serverCards?: CardView[]): string {
  const grid = <ResultsGrid cards={cards} promos={cards ? promosOf(tenant) : null} className="grid" busy={false} gridRef={createRef()} />;
  const router = createMemoryRouter([{ id: "root", path: "*", element: grid }], {
    hydrationData: { loaderData: { root: { site: { locale: tenant.site.locale }, saved: { ids: savedIds } } } },
  });
  return renderToStaticMarkup(
    <ServerRenderProvider value={serverCards ? { searchResults: { cards: serverCards, promos: promosOf(tenant) } } : null}>
      <RouterProvider router={router} />
    </ServerRenderProvider>,
  );
}

const inside = (html: string) => /^<div[^>]*>(.*)<\/div>$/s.exec(html)?.[1] ?? "";

describe("the results page's server-drawn cards", () => {
  it("are exactly the cards and promo cards React draws, in every site's words, with the visitor's saved hearts", () => {
    for (const tenant of tenants) {
      const cards = cardsOf(tenant);
      const savedIds = [cards[1]!.id];
      const byReact = drawGrid(tenant, cards, savedIds);
      const byServer = drawGrid(tenant, null, savedIds, cards);
      expect(byServer, tenant.slug).toContain('data-server-drawn=""');
      expect(inside(byServer), tenant.slug).toBe(inside(byReact));
      expect(resultsMarkup({ cards, promos: promosOf(tenant), locale: tenant.site.locale, savedIds }), tenant.slug).toBe(inside(byReact));
      expect(inside(byServer).match(/<article/g), tenant.slug).toHaveLength(21);
      expect(byServer, tenant.slug).toContain(`aria-label="Remove ${cards[1]!.title} from saved"`);
      expect(byServer, tenant.slug).toContain(`aria-label="Save ${cards[0]!.title}"`);
      expect(inside(byServer).match(/data-testid="promo-card"/g)?.length ?? 0, tenant.slug).toBe(Math.min(promosOf(tenant).length, 3));
    }
    expect(promosOf(tenants.find((t) => t.slug === "harbourside")!).length).toBeGreaterThan(0);
  });

  it("follow the car: a new price, another visitor's saved hearts or another site's words draw it anew", () => {
    const harbourside = tenants.find((t) => t.slug === "harbourside")!;
    const cards = cardsOf(harbourside);
    const draw = (drawn: CardView[], savedIds: number[] = [], locale = harbourside.site.locale) =>
      resultsMarkup({ cards: drawn, promos: [], locale, savedIds });
    const first = draw(cards);
    expect(draw(cards)).toBe(first);
    const repriced = cards.map((card, index) => (index === 0 ? { ...card, price: { ...card.price, text: "$1,234" } } : card));
    expect(draw(repriced)).toContain("$1,234");
    expect(draw(cards)).not.toContain("$1,234");
    expect(draw(cards, [cards[0]!.id])).toContain(`Remove ${cards[0]!.title} from saved`);
    expect(draw(cards)).not.toContain(`Remove ${cards[0]!.title} from saved`);
    expect(draw(cards, [], "en-US")).toContain(">Inquire<");
    expect(draw(cards)).not.toContain(">Inquire<");
  });
});

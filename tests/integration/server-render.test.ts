import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFormsApp, type FormsApp } from "./forms-harness";
import { SOUTHERN_USED_PUSH_TOKEN, pushPrice } from "./price-push";
import { BROWSER_UA } from "./visit-beacon";

// What only the server's render of a document holds (context.serverRender). The results page's cards
// (app/components/search/results-grid.tsx): the document carries them as HTML and not as data, a
// client navigation's fetch carries them as data, and a car's new price shows in the next page however
// its HTML is kept. A page's JSON-LD: in its HTML once, in neither its JSON nor a navigation's data.
let app: FormsApp;

beforeAll(async () => {
  app = await startFormsApp({ SOUTHERN_USED_STOCK_TOKEN: SOUTHERN_USED_PUSH_TOKEN, PAGE_CACHE_MB: "0" });
}, 60_000);

afterAll(async () => {
  await app?.close();
});

const browser = { headers: { "user-agent": BROWSER_UA } };

type SearchData = { view: { cards: Array<{ id: number; title: string }> | null; cardCount: number }; promos: unknown[] | null };

function remixContext(html: string): { state: { loaderData: Record<string, SearchData> } } {
  const json = /window\.__remixContext = (.*?);<\/script>/s.exec(html)?.[1];
  if (!json) throw new Error("the page has no __remixContext");
  return JSON.parse(json) as { state: { loaderData: Record<string, SearchData> } };
}

const cardIds = (html: string) => [...html.matchAll(/data-testid="vehicle-card" data-vehicle-id="(\d+)"/g)].map((m) => Number(m[1]));

describe("the results page's server-drawn cards", () => {
  it("are in the document as HTML only, and in a client navigation's data as data, the same cars in the same order", async () => {
    const page = await app.send("harbourside.localhost", "/search/used-cars", browser);
    expect(page.status).toBe(200);
    const ids = cardIds(page.body);
    expect(ids).toHaveLength(21);
    const context = remixContext(page.body);
    const search = context.state.loaderData["routes/search.$"]!;
    expect(search.view.cards).toBeNull();
    expect(search.view.cardCount).toBe(21);
    expect(search.promos).toBeNull();
    expect(page.body).toContain('data-testid="promo-card"');
    const script = /<script[^>]*>window\.__remixContext.*?<\/script>/s.exec(page.body)?.[0] ?? "";
    expect(script).not.toContain("card-title");
    expect(script).not.toContain(`"id":${ids[0]}`);

    const data = await app.send("harbourside.localhost", "/search/used-cars?_data=routes%2Fsearch.%24", browser);
    expect(data.status).toBe(200);
    const fetched = JSON.parse(data.body) as SearchData;
    expect(fetched.view.cards?.map((card) => card.id)).toEqual(ids);
    expect(fetched.view.cardCount).toBe(21);
    expect(fetched.promos?.length).toBeGreaterThan(0);
  });

  it("carry a car's new price on the next page after the dealer's push", async () => {
    const host = "southern-used.localhost";
    const before = await app.send(host, "/search/used-cars", browser);
    const slug = /data-testid="card-title" href="\/cars\/([^"]+)"/.exec(before.body)?.[1];
    const stock = JSON.parse(readFileSync("tenants/southern-used/stock.json", "utf8")) as {
      vehicles: Array<{ slug: string; price: number; stocknum: string }>;
    };
    const vehicle = stock.vehicles.find((v) => v.slug === slug);
    if (!vehicle) throw new Error(`the first card (${slug}) is not in southern-used's stock file`);
    const card = (html: string) =>
      html
        .split("<article")
        .find((part) => part.includes(`href="/cars/${vehicle.slug}"`))
        ?.split("</article>")[0] ?? "";
    const newPrice = vehicle.price + 1;
    // The card's finance button carries the price as the budget (a subscription car shows a weekly price instead).
    const newPriceText = `vehiclePriceBudget=${newPrice}&amp;`;
    expect(card(before.body)).not.toContain(newPriceText);

    expect((await pushPrice(app, vehicle, newPrice)).status).toBe(200);
    // What the stock watcher does on every instance when the version moves.
    await app.services.search.replaceTenantStock("southern-used", app.services.stock.searchValuePages("southern-used"));
    const after = await app.send(host, "/search/used-cars", browser);
    expect(after.body).toContain(`/cars/${vehicle.slug}"`);
    expect(card(after.body)).toContain(newPriceText);
  });
});

describe("a page's JSON-LD", () => {
  it("is in the document's HTML once, and in neither the page's JSON nor a client navigation's data", async () => {
    const search = await app.send("harbourside.localhost", "/search/used-cars", browser);
    const vehiclePath = /data-testid="card-title" href="(\/cars\/[^"]+)"/.exec(search.body)?.[1];
    expect(vehiclePath).toBeDefined();
    for (const [path, route, testId] of [
      ["/", "routes/_index", "dealer-json-ld"],
      ["/contact", "routes/contact", "dealer-json-ld"],
      [vehiclePath!, "routes/$base.$slug", "vehicle-json-ld"],
    ] as const) {
      const page = await app.send("harbourside.localhost", path, browser);
      expect(page.status, path).toBe(200);
      const blocks = [...page.body.matchAll(/<script type="application\/ld\+json"[^>]*data-testid="([^"]+)">(.*?)<\/script>/gs)];
      expect(
        blocks.map((block) => block[1]),
        path,
      ).toEqual([testId]);
      expect(JSON.parse(blocks[0]![2]!)["@context"], path).toBe("https://schema.org");
      const script = /<script[^>]*>window\.__remixContext.*?<\/script>/s.exec(page.body)?.[0] ?? "";
      expect(script, path).not.toContain("schema.org");
      const data = await app.send("harbourside.localhost", `${path}?_data=${encodeURIComponent(route)}`, browser);
      expect(data.status, path).toBe(200);
      expect(data.body, path).not.toContain("schema.org");
    }
  });
});

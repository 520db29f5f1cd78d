import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { createElement } from "react";
import { PriceRangeLanding } from "~/app/components/search/price-range-landing";
import { logger } from "~/server/lib/logger";
import { createSearchService } from "~/server/search/backend";
import { landingData } from "~/server/search/landing";
import { makeTenant } from "../fixtures/tenant";
import { makeVehicle } from "../fixtures/vehicles";

describe("the price landing formats money and counts in the tenant's locale (server/lib/format.ts)", () => {
  const vehicles = Array.from({ length: 1_234 }, (_, index) => makeVehicle({ id: index + 1, price: 20_000 }));

  it.each(["en-AU", "en-NZ", "en-US"] as const)("%s", async (locale) => {
    const search = createSearchService({ stock: () => vehicles, meilisearch: {} });
    const tenant = makeTenant({
      slug: `landing-${locale.toLowerCase()}`,
      locale,
      currency: locale === "en-US" ? "USD" : locale === "en-NZ" ? "NZD" : "AUD",
    });
    const data = await landingData(tenant, search.backendFor(tenant), logger);
    const html = renderToString(createElement(PriceRangeLanding, { price: data!.price, noun: data!.noun, locale: tenant.site.locale }));
    expect(html).toMatch(/Show Me (<!-- -->)?1,234(<!-- --> <!-- -->| )cars/);
  });
});

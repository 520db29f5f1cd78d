import { json, type AppLoadContext } from "@remix-run/node";
import { modelRange, type RangeModel } from "~/server/brands/model-range";
import type { ManufacturerData } from "~/server/brands/manufacturer-data";
import { formatMoney } from "~/server/lib/format";
import { slugify } from "~/server/lib/slug";
import { makeLogoSrc } from "~/server/search/make-logo";
import { makeBySlug, makeSpellings, type KnownMake } from "~/server/search/makes";
import { searchIndexUid, stockFilter } from "~/server/search/queries";
import { cardView } from "~/server/stock/card-view";
import type { Vehicle } from "~/server/stock/vehicle";
import { PAGE_NOT_FOUND } from "~/server/handlers/content";
import { leadFormAction } from "~/server/handlers/leads";
import { leadFormPage } from "~/server/handlers/leads";

// A brand's listed stock in one query; a dealer group rarely lists more of one make.
const BRAND_STOCK_LIMIT = 2000;

export type RangeModelView = RangeModel & { fromPriceText: string | null };

function notFound(): Response {
  return new Response(PAGE_NOT_FOUND, { status: 404 });
}

async function makeStock(context: AppLoadContext, make: KnownMake, now: number): Promise<Vehicle[]> {
  const { tenant } = context;
  const spellings = makeSpellings(make.name).map((name) => `make = "${name.replace(/"/g, '\\"')}"`);
  const [result] = await context.services.search
    .backendFor(tenant)
    .multiSearch(tenant, [
      { indexUid: searchIndexUid(tenant), filter: [...stockFilter(tenant, now), spellings], limit: BRAND_STOCK_LIMIT, offset: 0 },
    ]);
  return result?.hits ?? [];
}

/** spec 000 §7 manufacturer call, only for franchise sites that build model pages (flags.build_model_pages). */
async function manufacturerData(context: AppLoadContext, make: KnownMake): Promise<ManufacturerData | null> {
  const { site } = context.tenant;
  if (!site.flags.build_model_pages || !site.dealer_api) return null;
  return context.services.manufacturers.get({ config: site.dealer_api, manufacturer: make.slug, websiteId: site.id, log: context.log });
}

async function brandData(params: Record<string, string | undefined>, context: AppLoadContext) {
  const make = makeBySlug(params.make ?? "");
  if (!make || params.make !== make.slug) throw notFound();
  const now = Date.now();
  const [stock, manufacturer] = await Promise.all([makeStock(context, make, now), manufacturerData(context, make)]);
  const range = modelRange(make.slug, stock, manufacturer);
  // Every tenant has a brand page for the makes in its stock; others only through the manufacturer's range.
  if (range.length === 0) throw notFound();
  const locale = context.tenant.site.locale;
  const models: RangeModelView[] = range.map((model) => ({
    ...model,
    fromPriceText: model.fromPrice === null ? null : formatMoney(model.fromPrice, locale),
  }));
  return {
    // The manufacturer call's logo, else the tenant's, else our lettermark (server/search/make-logo.ts).
    make: { name: manufacturer?.name ?? make.name, slug: make.slug, logo: makeLogoSrc(context.tenant, make.slug, manufacturer?.logoUrl) },
    models,
    source: manufacturer ? "manufacturer" : "stock",
    stock,
    now,
  };
}

/** /brands/{make}: the model range with image, from-price and stock count, each linking to /search/{make}/{model}. */
export async function brandPage(params: Record<string, string | undefined>, context: AppLoadContext) {
  const { make, models, source } = await brandData(params, context);
  return json({ make, models, source }, { headers: { "Cache-Control": "public, max-age=300" } });
}

async function modelData(params: Record<string, string | undefined>, context: AppLoadContext) {
  const data = await brandData(params, context);
  const model = data.models.find((entry) => entry.slug === params.model);
  if (!model) throw notFound();
  return { ...data, model };
}

/** /brands/{make}/{model}: that model's stock as cards and an enquiry pre-filled with it. */
export async function modelPage(request: Request, params: Record<string, string | undefined>, context: AppLoadContext) {
  const { make, model, stock, now } = await modelData(params, context);
  const { site } = context.tenant;
  const cards = stock
    .filter((vehicle) => slugify(vehicle.model) === model.slug)
    .map((vehicle) => cardView(vehicle, site, now, model.searchHref));
  const form = await leadFormPage({
    request,
    context,
    kind: "general",
    hidden: { message: `I'm interested in the ${make.name} ${model.name}. Please contact me with availability and pricing.` },
  });
  return json({ make, model, cards, form }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function modelEnquiryAction(request: Request, params: Record<string, string | undefined>, context: AppLoadContext) {
  await modelData(params, context);
  return leadFormAction({ request, context, kind: "general" });
}

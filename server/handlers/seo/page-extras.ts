import type { AppLoadContext } from "@remix-run/node";
import type { Locale } from "~/server/lib/format";
import { dealerJsonLd } from "~/server/seo/dealer-json-ld";
import { shareSite, type ShareSite } from "~/server/seo/share-meta";
import { serializeJsonLd } from "~/server/vehicle-page/json-ld";

/** What the home and contact pages add for search engines and share cards. */
export type PageExtras = { dealerJsonLd: string; share: ShareSite; locale: Locale };

export function pageExtras(context: AppLoadContext): PageExtras {
  const { site } = context.tenant;
  return { dealerJsonLd: serializeJsonLd(dealerJsonLd(site)), share: shareSite(site), locale: site.locale };
}

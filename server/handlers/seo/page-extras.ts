import type { AppLoadContext } from "@remix-run/node";
import type { Locale } from "~/server/lib/format";
import { dealerJsonLd } from "~/server/seo/dealer-json-ld";
import { shareSite, type ShareSite } from "~/server/seo/share-meta";
import { serializeJsonLd } from "~/server/vehicle-page/json-ld";

/** What the contact page adds for share cards; its dealer JSON-LD goes to the document's render alone. */
export type PageExtras = { share: ShareSite; locale: Locale };

export function pageExtras(context: AppLoadContext): PageExtras {
  const { site } = context.tenant;
  context.serverRender.jsonLd = serializeJsonLd(dealerJsonLd(site));
  return { share: shareSite(site), locale: site.locale };
}

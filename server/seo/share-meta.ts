import { shareImageUrl } from "~/server/images/image-url";
import type { Site } from "~/server/tenants/schema";
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from "~/server/vehicle-page/constants";
import { canonicalHref } from "./canonical";

/** What a page's share tags need of its site, as plain data for the route's meta. */
export type ShareSite = { siteName: string; origin: string; image: string; imageAlt: string };

/** The site's share card: its logo letterboxed in the 1200×630 share image (spec 001 §9). */
export function shareSite(site: Pick<Site, "name" | "url" | "logo">): ShareSite {
  const origin = new URL(site.url).origin;
  const logo = site.logo.banner ?? site.logo.url;
  return {
    siteName: site.name,
    origin,
    image: new URL(shareImageUrl(logo, SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT, "contain"), origin).toString(),
    imageAlt: site.name,
  };
}

/**
 * Open Graph and Twitter tags of a page (on home and content pages too), with the
 * image's size so platforms lay the card out before fetching it.
 */
export function shareMeta(share: ShareSite, page: { title: string; description: string; pathname: string }): Array<Record<string, string>> {
  const url = canonicalHref(share.origin, page.pathname, "");
  return [
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: share.siteName },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: share.image },
    { property: "og:image:width", content: String(SHARE_IMAGE_WIDTH) },
    { property: "og:image:height", content: String(SHARE_IMAGE_HEIGHT) },
    { property: "og:image:alt", content: share.imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: share.image },
  ];
}

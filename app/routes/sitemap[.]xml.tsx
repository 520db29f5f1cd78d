import type { LoaderFunctionArgs } from "@remix-run/node";
import { sitemapResponse } from "~/server/handlers/seo/seo-files";

/** /sitemap.xml of the requesting site (sitemaps.org 0.9). */
export function loader({ context }: LoaderFunctionArgs) {
  return sitemapResponse(context);
}

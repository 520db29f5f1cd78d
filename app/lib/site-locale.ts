import { useRouteLoaderData } from "@remix-run/react";
import type { Locale } from "~/server/lib/format";
import { localiseText } from "~/server/lib/spelling";

const LOCALES: readonly Locale[] = ["en-AU", "en-NZ", "en-US"];

function localeOf(data: unknown): Locale {
  if (typeof data !== "object" || data === null || !("site" in data)) return "en-AU";
  const site: unknown = data.site;
  if (typeof site !== "object" || site === null || !("locale" in site)) return "en-AU";
  const locale = LOCALES.find((candidate) => candidate === site.locale);
  return locale ?? "en-AU";
}

/** The site's locale, from the root loader's public site. */
export function useSiteLocale(): Locale {
  return localeOf(useRouteLoaderData("root"));
}

/** Text in the site's usage: the swaps of server/lib/spelling.ts, for words written in components. */
export function useLocalise(): (text: string) => string {
  const locale = useSiteLocale();
  return (text) => localiseText(text, locale);
}

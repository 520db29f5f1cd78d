import { CATEGORIES } from "~/server/leads/events";
import { slugify } from "~/server/lib/slug";
import type { CookieSettings } from "~/server/security/cookie-settings";
import { readVisitor } from "~/server/visitor/cookie";

export type SuccessView = { category: string | null; categorySlug: string | null };

const SLUG_PATTERN = /^[a-z0-9-]{1,80}$/;

/** spec 001 §2: /success?category={slug of category}; the name comes from our categories, never echoed raw. */
export function categoryNameForSlug(slug: string): string | null {
  return Object.values(CATEGORIES).find((category) => slugify(category) === slug) ?? null;
}

/** The category named on the thank-you page: ?category=, else the stored success category (spec 001 §4). */
export async function successView(request: Request, cookies: CookieSettings): Promise<SuccessView> {
  const slug = new URL(request.url).searchParams.get("category");
  if (slug && SLUG_PATTERN.test(slug)) return { category: categoryNameForSlug(slug), categorySlug: slug };
  const stored = (await readVisitor(request, cookies)).success_category;
  const known = stored ? categoryNameForSlug(slugify(stored)) : null;
  return { category: known, categorySlug: known ? slugify(known) : null };
}

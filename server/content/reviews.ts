import type { Review, ReviewsFile } from "~/server/tenants/home-files";
import { countOf } from "~/server/lib/plural";

// spec 001 §9: minimum rating shown 4; Google reviews full quantity 12.
export const REVIEW_MIN_RATING = 4;
export const GOOGLE_REVIEWS_QUANTITY = 12;

const DAY_MS = 86_400_000;

/** dd/mm/yyyy (spec 001 §3 review_date) as UTC midnight. */
export function reviewDateMs(reviewDate: string): number {
  const [day, month, year] = reviewDate.split("/").map(Number);
  return Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1);
}

/** spec 001 §3 review_date_in_words: how long ago, in words ('3 days ago', 'about 1 month ago', '2 years ago'). */
export function timeAgoInWords(thenMs: number, now: number): string {
  const days = Math.floor((now - thenMs) / DAY_MS);
  if (days < 1) return "today";
  if (days < 30) return `${countOf(days, "day")} ago`;
  const months = Math.round(days / 30);
  if (months < 12) return months === 1 ? "about 1 month ago" : `${countOf(months, "month")} ago`;
  const years = Math.floor(days / 365);
  return years === 1 ? "about 1 year ago" : `${countOf(years, "year")} ago`;
}

export type ReviewView = {
  id: number;
  customerName: string;
  text: string | null;
  rating: number;
  reviewDate: string;
  timeAgo: string;
  image: string | null;
};

export type ReviewsView = { count: number; averageRating: number; reviews: ReviewView[] };

/**
 * spec 001 §9: only reviews rated 4 or more and not hidden by title are shown, newest first, at most the Google quantity (12);
 * count and average are the dealer's totals from the file.
 */
const titleKey = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * spec 001 §9 hidden reviews listed by title. A review has no title field (spec 001 §3), so a listed title
 * names a review by its customer name or its whole text, compared without case or extra spaces.
 */
export function isHiddenReview(review: Pick<Review, "customer_name" | "text">, hiddenTitles: readonly string[]): boolean {
  if (hiddenTitles.length === 0) return false;
  const hidden = new Set(hiddenTitles.map(titleKey));
  return hidden.has(titleKey(review.customer_name)) || (review.text !== null && hidden.has(titleKey(review.text)));
}

export function reviewsView(file: ReviewsFile, now: number): ReviewsView {
  const shown = file.reviews
    .filter((review: Review) => review.rating >= REVIEW_MIN_RATING && !isHiddenReview(review, file.hidden_titles))
    .sort((a, b) => reviewDateMs(b.review_date) - reviewDateMs(a.review_date) || a.id - b.id)
    .slice(0, GOOGLE_REVIEWS_QUANTITY);
  return {
    count: file.count,
    averageRating: file.average_rating,
    reviews: shown.map((review) => ({
      id: review.id,
      customerName: review.customer_name,
      text: review.text,
      rating: review.rating,
      reviewDate: review.review_date,
      timeAgo: timeAgoInWords(reviewDateMs(review.review_date), now),
      image: review.image?.thumb ?? null,
    })),
  };
}

/** schema.org AggregateRating for the home page's JSON-LD; null with no reviews counted. */
export function aggregateRating(view: Pick<ReviewsView, "count" | "averageRating">): Record<string, unknown> | null {
  if (view.count <= 0) return null;
  return { "@type": "AggregateRating", ratingValue: view.averageRating, reviewCount: view.count, bestRating: 5, worstRating: 1 };
}

/** The dealer's rating as shown beside its stock: "4.3 out of 5 from 290 reviews", linking to the reviews on the home page. */
export type DealerRating = { average: number; text: string; href: string };

/** Where the home page's reviews block starts (its id). */
export const REVIEWS_ANCHOR = "reviews";

/**
 * Search and vehicle pages show the dealer's rating near the stock (the reviews block itself is on the
 * home page): the dealer's own count and average from reviews.json, when it has counted any.
 */
export function dealerRating(file: Pick<ReviewsFile, "count" | "average_rating"> | null | undefined): DealerRating | null {
  if (!file || file.count <= 0) return null;
  const average = Math.round(file.average_rating * 10) / 10;
  return { average, text: `${average.toFixed(1)} out of 5 from ${countOf(file.count, "review")}`, href: `/#${REVIEWS_ANCHOR}` };
}

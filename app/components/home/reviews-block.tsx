import { REVIEWS_ANCHOR, type ReviewsView } from "~/server/content/reviews";
import { countOf } from "~/server/lib/plural";

function Stars({ rating }: { rating: number }) {
  return (
    <span className="text-amber-600" aria-hidden="true">
      {"★".repeat(Math.round(rating))}
      <span className="text-gray-300">{"★".repeat(5 - Math.round(rating))}</span>
    </span>
  );
}

/** spec 001 §3, §9: the reviews block — the dealer's count and average, and the reviews rated 4 or more. */
export function ReviewsBlock({ reviews }: { reviews: ReviewsView }) {
  if (reviews.reviews.length === 0 && reviews.count === 0) return null;
  return (
    <section id={REVIEWS_ANCHOR} aria-labelledby="reviews-title" data-testid="reviews">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="reviews-title" className="text-xl font-bold">
          What our customers say
        </h2>
        <p data-testid="reviews-summary">
          <Stars rating={reviews.averageRating} /> <strong>{reviews.averageRating.toFixed(1)}</strong> out of 5 from{" "}
          {countOf(reviews.count, "review")}
        </p>
      </div>
      {/* A scrollable region must be focusable so keyboard users can scroll it (axe: scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above */}
      <ul className="relative flex snap-x gap-4 overflow-x-auto pb-2" tabIndex={0} aria-label="Reviews, scroll sideways for more">
        {reviews.reviews.map((review) => (
          <li
            key={review.id}
            className="w-72 shrink-0 snap-start rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200"
            data-testid="review"
          >
            <p>
              <Stars rating={review.rating} />
              <span className="sr-only">Rated {review.rating} out of 5</span>
            </p>
            {/* A rating left without words still says something, rather than an empty card. */}
            {review.text ? (
              <p className="mt-2 line-clamp-5">{review.text}</p>
            ) : (
              <p className="mt-2 italic text-gray-700" data-testid="review-rating-only">
                Rated us {review.rating} out of 5, without a written review.
              </p>
            )}
            <p className="mt-3 text-sm font-semibold">{review.customerName}</p>
            <p className="text-sm text-gray-700">{review.timeAgo}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

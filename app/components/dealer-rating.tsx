import type { DealerRating as Rating } from "~/server/content/reviews";
import { SiteLink } from "~/app/components/site-link";

/** The dealer's rating beside its stock, linking to the reviews on the home page. */
export function DealerRating({ rating }: { rating: Rating | null }) {
  if (!rating) return null;
  return (
    <p className="text-sm" data-testid="dealer-rating">
      <SiteLink href={rating.href} className="inline-flex items-center gap-1 underline-offset-2 hover:underline">
        <span className="text-amber-600" aria-hidden="true">
          ★
        </span>
        <span>{rating.text}</span>
      </SiteLink>
    </p>
  );
}

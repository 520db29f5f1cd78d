import { describe, expect, it } from "vitest";
import {
  aggregateRating,
  dealerRating,
  GOOGLE_REVIEWS_QUANTITY,
  REVIEW_MIN_RATING,
  reviewsView,
  timeAgoInWords,
} from "~/server/content/reviews";
import { reviewsFileSchema } from "~/server/tenants/home-files";

const now = Date.UTC(2026, 10, 23, 10);
const day = 86_400_000;

function file(ratings: number[]) {
  return reviewsFileSchema.parse({
    count: 290,
    average_rating: 4.3,
    reviews: ratings.map((rating, i) => ({
      id: i + 1,
      customer_name: `Customer ${i + 1}`,
      text: i % 2 ? null : "Great service",
      rating,
      review_date: `${String((i % 28) + 1).padStart(2, "0")}/10/2026`,
    })),
  });
}

describe("reviews (spec 001 §3, §9)", () => {
  it("shows only ratings of 4 or more", () => {
    expect(REVIEW_MIN_RATING).toBe(4);
    const view = reviewsView(file([5, 3, 4, 1, 2, 5]), now);
    expect(view.reviews.map((review) => review.rating).sort()).toEqual([4, 5, 5]);
  });

  it("shows at most the Google quantity, 12, newest first", () => {
    expect(GOOGLE_REVIEWS_QUANTITY).toBe(12);
    const view = reviewsView(file(Array.from({ length: 20 }, () => 5)), now);
    expect(view.reviews).toHaveLength(12);
    expect(view.reviews[0]!.reviewDate).toBe("20/10/2026");
  });

  it("hides the reviews the site lists by title (customer name or whole text, any case or spacing)", () => {
    const listed = reviewsFileSchema.parse({ ...file([5, 5, 5, 4]), hidden_titles: ["customer 2", "  GREAT   service "] });
    // Customers 1 and 3 wrote 'Great service'; customer 2 is hidden by name: only customer 4 is left.
    expect(reviewsView(listed, now).reviews.map((review) => review.customerName)).toEqual(["Customer 4"]);
    expect(reviewsView(file([5, 5, 5, 4]), now).reviews).toHaveLength(4);
  });

  it("keeps the dealer's count and average", () => {
    const view = reviewsView(file([5]), now);
    expect([view.count, view.averageRating]).toEqual([290, 4.3]);
    expect(aggregateRating(view)).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.3,
      reviewCount: 290,
      bestRating: 5,
      worstRating: 1,
    });
    expect(aggregateRating({ count: 0, averageRating: 0 })).toBeNull();
  });

  it("says how long ago in words", () => {
    expect(timeAgoInWords(now - 3 * 3600_000, now)).toBe("today");
    expect(timeAgoInWords(now - day, now)).toBe("1 day ago");
    expect(timeAgoInWords(now - 12 * day, now)).toBe("12 days ago");
    expect(timeAgoInWords(now - 35 * day, now)).toBe("about 1 month ago");
    expect(timeAgoInWords(now - 95 * day, now)).toBe("3 months ago");
    expect(timeAgoInWords(now - 400 * day, now)).toBe("about 1 year ago");
    expect(timeAgoInWords(now - 800 * day, now)).toBe("2 years ago");
  });

  it("refuses a review date that is not dd/mm/yyyy", () => {
    const bad = reviewsFileSchema.safeParse({
      count: 1,
      average_rating: 5,
      reviews: [{ id: 1, customer_name: "A", text: null, rating: 5, review_date: "2026-10-01" }],
    });
    expect(bad.success).toBe(false);
  });
});

describe("the dealer's rating beside its stock", () => {
  it("reads the dealer's own count and average, one decimal, linking to the home page's reviews", () => {
    expect(dealerRating({ count: 290, average_rating: 4.3 })).toEqual({
      average: 4.3,
      text: "4.3 out of 5 from 290 reviews",
      href: "/#reviews",
    });
    expect(dealerRating({ count: 1, average_rating: 5 })?.text).toBe("5.0 out of 5 from 1 review");
    expect(dealerRating({ count: 1204, average_rating: 4.66 })?.text).toBe("4.7 out of 5 from 1,204 reviews");
  });

  it("shows nothing for a dealer without reviews", () => {
    expect(dealerRating(null)).toBeNull();
    expect(dealerRating({ count: 0, average_rating: 0 })).toBeNull();
  });
});

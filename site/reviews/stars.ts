/** A content's reviews by their stars, five to one: the content page's rating distribution. Browser-safe. */
export interface StarCount {
  stars: 1 | 2 | 3 | 4 | 5;
  count: number;
  /** Its share of all the reviews, 0 to 100, rounded. */
  percent: number;
}

export function starCounts(reviews: ReadonlyArray<{ rating: number }>): StarCount[] {
  const counts = [0, 0, 0, 0, 0];
  for (const review of reviews) {
    const stars = Math.round(review.rating);
    if (stars >= 1 && stars <= 5) counts[stars - 1]! += 1;
  }
  return ([5, 4, 3, 2, 1] as const).map((stars) => ({
    stars,
    count: counts[stars - 1]!,
    percent: reviews.length ? Math.round((counts[stars - 1]! / reviews.length) * 100) : 0,
  }));
}

/** docs/product.md#how-things-change's rating display, as a pure rule the Stars components draw. Imports nothing (browser-safe). */
export const RATING_SCALE = 5;

/**
 * How many half stars a rating fills, 0 to twice the scale: each whole step at or below the rating is a full
 * star, and the next is half filled when the rating is at or above that step less 0.5. 3.5 → 7 (three full
 * and a half), 3.4 → 6 (three full), 4.49 → 8.
 */
export function halfStars(rating: number, scale = RATING_SCALE): number {
  const value = Number.isFinite(rating) ? rating : 0;
  return Math.min(2 * scale, Math.max(0, Math.floor(value * 2)));
}

/** The words a screen reader hears for a rating: "Rated 4.3 out of 5". */
export function ratingLabel(rating: number, scale = RATING_SCALE): string {
  const value = Number.isFinite(rating) ? Math.round(rating * 10) / 10 : 0;
  return `Rated ${value} out of ${scale}`;
}

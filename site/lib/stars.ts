/** docs/product.md#how-things-change's rating display, as a pure rule the Stars component draws. Imports nothing (browser-safe). */
export type StarState = 'full' | 'half' | 'empty';

export const RATING_SCALE = 5;

/**
 * One state per whole step 1..scale: full when the rating is at or above the step, half when it is at or
 * above the step less 0.5, else empty. 3.5 → full, full, full, half, empty; 3.4 → full, full, full, empty, empty.
 */
export function starStates(rating: number, scale = RATING_SCALE): StarState[] {
  const value = Number.isFinite(rating) ? rating : 0;
  return Array.from({ length: scale }, (_, i) => {
    const step = i + 1;
    if (value >= step) return 'full';
    if (value >= step - 0.5) return 'half';
    return 'empty';
  });
}

/** The words a screen reader hears for a rating: "Rated 4.3 out of 5". */
export function ratingLabel(rating: number, scale = RATING_SCALE): string {
  const value = Number.isFinite(rating) ? Math.round(rating * 10) / 10 : 0;
  return `Rated ${value} out of ${scale}`;
}

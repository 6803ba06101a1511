/**
 * Site/ui/Stars.astro for React: the same element (docs/product.md#how-things-change's rule in site/lib/stars.ts),
 * drawn by the same stylesheet. The review pieces render it on the server and in the browser.
 */
import { halfStars, ratingLabel } from '#site/lib/stars.ts';

export function Stars({ rating, size = 'md' }: { rating: number; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <span
      className="stars"
      role="img"
      aria-label={ratingLabel(rating)}
      data-size={size}
      data-half-stars={halfStars(rating)}
    />
  );
}

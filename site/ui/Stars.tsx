/**
 * Site/components/Stars.astro for React: the same five stars (docs/product.md#how-things-change's rule in site/lib/stars.ts), one image
 * for assistive technology named by its value. The review pieces render it on the server and in the browser.
 */
import { RATING_SCALE, ratingLabel, starStates } from '#site/lib/stars.ts';

const SIZE = { sm: 'size-4', md: 'size-5', lg: 'size-6' } as const;
// A five-pointed star in a 24×24 box, and its left half (as in Stars.astro).
const STAR = 'M12 3 14.47 9.6 21.51 9.91 15.99 14.3 17.88 21.09 12 17.2 6.12 21.09 8.01 14.3 2.49 9.91 9.53 9.6Z';
const LEFT_HALF = 'M12 3 12 17.2 6.12 21.09 8.01 14.3 2.49 9.91 9.53 9.6Z';
/** The stars' places, 1 to 5: each star's key, since they are never reordered. */
const PLACES = Array.from({ length: RATING_SCALE }, (_, i) => i + 1);

export function Stars({ rating, size = 'md' }: { rating: number; size?: keyof typeof SIZE }) {
  const states = starStates(rating);
  return (
    <span className="inline-flex shrink-0 items-center" role="img" aria-label={ratingLabel(rating)}>
      {PLACES.map((place) => {
        const state = states[place - 1];
        return (
          <svg key={place} aria-hidden="true" focusable="false" viewBox="0 0 24 24" className={SIZE[size]}>
            <path d={STAR} className={state === 'full' ? 'fill-amber-500' : 'fill-base-content/20'} />
            {state === 'half' && <path d={LEFT_HALF} className="fill-amber-500" />}
          </svg>
        );
      })}
    </span>
  );
}

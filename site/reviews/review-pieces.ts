/**
 * What a content page shows besides its reviews, as one fingerprint: the page cache has a page's reviews
 * rendered alone only while this is unchanged (site/server/page-parts.ts, decision 057).
 */
import { createHash } from 'node:crypto';
import type { ContentWithReviews } from '#db/catalog/catalog-reads.ts';

/** The pieces of a content page its reviews move (site/reviews/ReviewPiece.astro), in the page's order. */
export const REVIEW_PIECES = ['data', 'rating', 'stars', 'list'] as const;

/**
 * The fingerprint of everything the page reads of its content but its rating, count and reviews. The rest of
 * the page (its related sections, its lists, the link's health) follows other changes, each of which renders
 * it whole.
 */
export function restOfPage(content: ContentWithReviews): string {
  const { reviews: _reviews, rating: _rating, numReviews: _numReviews, ...rest } = content;
  return createHash('sha1').update(JSON.stringify(rest)).digest('base64url');
}

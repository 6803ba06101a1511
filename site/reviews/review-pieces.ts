/** The pieces of a content page its reviews move (site/reviews/ReviewPiece.astro), in the page's order (decision 057). */
export const REVIEW_PIECES = ['data', 'rating', 'stars', 'list'] as const;

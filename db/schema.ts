/**
 * The data model, one module per domain room (drizzle-kit reads this index). Derived numbers
 * (contents.rating and numReviews) are kept by triggers in the custom migrations when a review is added or
 * deleted, and recounted in the same batch when one is edited (db/reviews/reviews.ts, decision 021),
 * so they cannot drift from the reviews they summarise; contents.tagLabels is written by the services with
 * the content's tags (db/catalog/content-rows.ts; a tag's rename or merge rewrites it in
 * db/catalog/tags/tag-changes.ts).
 */
export * from './accounts/schema.ts';
export * from './catalog/schema.ts';
export * from './discovery/schema.ts';
export * from './reviews/schema.ts';
export * from './shelf/schema.ts';
export * from './submissions/schema.ts';
export * from './links/schema.ts';
export * from './operations/schema.ts';

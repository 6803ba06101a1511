/**
 * The data model, one module per domain room (drizzle-kit reads this index). Derived numbers
 * (contents.rating and numReviews) are kept by triggers in the custom migrations, so they cannot drift from
 * the reviews they summarise; contents.tagLabels is written by the services with the content's tags
 * (db/catalog/content-rows.ts).
 */
export * from './accounts/schema.ts';
export * from './catalog/schema.ts';
export * from './contributions/schema.ts';
export * from './links/schema.ts';
export * from './operations/schema.ts';

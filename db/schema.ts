/**
 * The data model. Ids are random text (`_id` in the API); timestamps are milliseconds since the epoch.
 * contents.seq is an INTEGER PRIMARY KEY so the FTS index (migrations, custom SQL) can use it as a stable rowid.
 * Derived numbers (contents.rating, contents.numReviews, contents.tagLabels) are maintained by triggers
 * declared in the custom migration, so they can never drift from the rows they summarise.
 */
export * from './schema/accounts.ts';
export * from './schema/catalog.ts';
export * from './schema/contributions.ts';
export * from './schema/operations.ts';


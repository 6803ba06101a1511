import { compareContents } from '#db/catalog/catalog-reads.ts';
import { handle } from '#site/lib/server/handle.ts';

export const GET = handle('compareContents', ({ db, context }) =>
  compareContents(db, context.url.searchParams.getAll('slugs')),
);

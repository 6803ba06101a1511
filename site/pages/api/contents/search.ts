import { searchContents } from '#db/catalog/catalog-reads.ts';
import { parseSearchParams } from '#db/catalog/validation/search.ts';
import { handle } from '#site/lib/server/handle.ts';

export const GET = handle('searchContents', ({ db, context }) =>
  searchContents(db, parseSearchParams(context.url.searchParams)),
);

import { listFilters } from '#db/catalog/catalog-reads.ts';
import { handle } from '#site/lib/server/handle.ts';

export const GET = handle('catalogFilters', ({ db }) => listFilters(db));

import { getContentBySlug } from '#db/catalog/catalog-reads.ts';
import { handle } from '#site/lib/server/handle.ts';

export const GET = handle('contentBySlug', ({ db, params }) => getContentBySlug(db, params.slug));

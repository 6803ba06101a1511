import { listTagsForAdmin } from '#db/catalog/tags/tags.ts';
import { handle } from '#site/lib/server/handle.ts';

/** Tags (active and retired) with their id and how many contents carry each: the admin lists' convention, `kind` and `status` filters. */
export const GET = handle('adminTags', ({ db, context }) => listTagsForAdmin(db, context.url.searchParams));

import { mergeTagById } from '#db/catalog/tags/tag-changes.ts';
import { handle } from '#site/lib/server/handle.ts';

/** `{into}` (the other tag's id or value): its contents carry `into` instead, and this tag goes away. */
export const POST = handle('mergeTag', ({ db, actor, params, body }) => mergeTagById(db, actor, params.id, body));

import { changeTag } from '#db/catalog/tags/tag-changes.ts';
import { handle } from '#site/lib/server/handle.ts';

/** `{label}` renames (the old value answers 301 in the catalog), `{status: 'retired'|'active'}` retires or restores. */
export const PUT = handle('changeTag', ({ db, actor, params, body }) => changeTag(db, actor, params.id, body));

import { changeTag } from '#db/catalog/tags/tag-changes.ts';
import { handle } from '#site/lib/server/handle.ts';
import { withProgressLines } from '#site/lib/server/progress-lines.ts';

/**
 * `{label}` renames (the old value answers 301 in the catalog), `{status: 'retired'|'active'}` retires or restores.
 * A rename moves every content carrying the tag: with application/x-ndjson its progress streams as it goes.
 */
export const PUT = handle('changeTag', ({ db, actor, params, context, body }) =>
  withProgressLines(context.request, (report) =>
    changeTag(db, actor, params.id, body, { onProgress: (moved, total) => report('moving', moved, total) }),
  ),
);

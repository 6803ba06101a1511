import { mergeTagById } from '#db/catalog/tags/tag-changes.ts';
import { handle } from '#site/lib/server/handle.ts';
import { withProgressLines } from '#site/lib/server/progress-lines.ts';

/**
 * `{into}` (the other tag's id or value): its contents carry `into` instead, and this tag goes away. With
 * application/x-ndjson the move's progress streams as it goes.
 */
export const POST = handle('mergeTag', ({ db, actor, params, context, body }) =>
  withProgressLines(context.request, (report) =>
    mergeTagById(db, actor, params.id, body, { onProgress: (moved, total) => report('moving', moved, total) }),
  ),
);

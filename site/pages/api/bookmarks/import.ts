/**
 * POST a browser's bookmark file (the body itself, or the field `file` of a multipart form). The file is
 * read first, so what cannot be imported is a 4xx; then, for a caller that accepts application/x-ndjson
 * (the import screen), the answer streams a line per step ({phase, done, total}) and ends with {result} or
 * {error} (site/lib/server/progress-lines.ts).
 */
import { importBookmarks, readBookmarkUpload } from '#db/imports/bookmarks/bookmark-import.ts';
import { BOOKMARK_FILE_MAX_BYTES } from '#db/imports/validation/bookmarks.ts';
import { handle } from '#site/lib/server/handle.ts';
import { readFileBody } from '#site/lib/server/http.ts';
import { withProgressLines } from '#site/lib/server/progress-lines.ts';

const TOO_LARGE = `A bookmark file may be at most ${BOOKMARK_FILE_MAX_BYTES / 1024 / 1024} MB`;

export const POST = handle('importBookmarks', async ({ db, user, context }) => {
  const file = await readBookmarkUpload(
    db,
    user.id,
    await readFileBody(context.request, 'file', BOOKMARK_FILE_MAX_BYTES, TOO_LARGE),
  );
  return withProgressLines(context.request, (report) => importBookmarks(db, user.id, file, report));
});

/**
 * POST a browser's bookmark file (the body itself, or the field `file` of a multipart form). The file is
 * read first, so what cannot be imported is a 4xx; then, for a caller that accepts application/x-ndjson
 * (the import screen), the answer streams a line per step ({phase, done, total}) and ends with {result} or
 * {error} — one request, so its progress never depends on which process serves a poll (decision 035).
 */
import { importBookmarks, readBookmarkUpload } from '#db/imports/bookmarks/bookmark-import.ts';
import { BOOKMARK_FILE_MAX_BYTES } from '#db/imports/validation/bookmarks.ts';
import { handle } from '#site/lib/server/handle.ts';
import { errorToResponse, readFileBody } from '#site/lib/server/http.ts';

const TOO_LARGE = `A bookmark file may be at most ${BOOKMARK_FILE_MAX_BYTES / 1024 / 1024} MB`;

export const POST = handle('importBookmarks', async ({ db, user, context }) => {
  const file = await readBookmarkUpload(
    db,
    user.id,
    await readFileBody(context.request, 'file', BOOKMARK_FILE_MAX_BYTES, TOO_LARGE),
  );
  if (!/application\/x-ndjson/.test(context.request.headers.get('accept') ?? ''))
    return importBookmarks(db, user.id, file);
  const encoder = new TextEncoder();
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const send = (line: unknown) => void writer.write(encoder.encode(`${JSON.stringify(line)}\n`)).catch(() => {});
  // The work runs beside the answer, whose lines leave as they are written (the caller may have gone: then they are dropped).
  void (async () => {
    let last = 0;
    try {
      const result = await importBookmarks(db, user.id, file, (phase, done, total) => {
        // A line at most every 50 ms, and every change of phase: enough for a bar, not a flood.
        if (done !== 0 && done !== total && Date.now() - last < 50) return;
        last = Date.now();
        send({ phase, done, total });
      });
      send({ result });
    } catch (error) {
      const failed = errorToResponse(error);
      send({ error: { status: failed.status, ...((await failed.json()) as object) } });
    }
    await writer.close().catch(() => {});
  })();
  // no-transform: the compression would hold the lines back until it had a block to send.
  return new Response(readable, {
    headers: { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store, no-transform' },
  });
});

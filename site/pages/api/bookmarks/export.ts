import {
  bookmarkFile,
  bookmarkFileName,
  bookmarkFormat,
  readBookmarks,
} from '#db/imports/bookmarks/bookmark-export.ts';
import { handle } from '#site/lib/server/handle.ts';

/** The signed-in user's saves, lists and progress as a file: `?format=json` (the default), `csv` or `html` (a browser's bookmark file). */
export const GET = handle('exportBookmarks', async ({ db, user, context }) => {
  const format = bookmarkFormat(context.url.searchParams.get('format'));
  const data = await readBookmarks(db, user.id);
  const { body, mediaType } = bookmarkFile(data, format);
  return new Response(body, {
    headers: {
      'content-type': mediaType,
      'content-disposition': `attachment; filename="${bookmarkFileName(format, new Date(data.exportedAt))}"`,
      'cache-control': 'no-store',
      'content-length': String(Buffer.byteLength(body)),
    },
  });
});

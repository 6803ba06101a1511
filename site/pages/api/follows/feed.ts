/** /api/follows/feed: GET what was added to the caller's followed tags, newest first, a page at a time. */
import { followedAdditions } from '#db/shelf/follows.ts';
import { handle } from '#site/lib/server/handle.ts';

export const GET = handle('followsFeed', ({ db, user, context }) =>
  followedAdditions(db, user.id, context.url.searchParams),
);

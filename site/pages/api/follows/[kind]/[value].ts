/**
 * /api/follows/{kind}/{value}: PUT follows the tag (its body, optional, may answer the digest question
 * asked at the first follow: `{digest}`); DELETE unfollows it. Each answers the caller's follows.
 */
import { followTag, unfollowTag } from '#db/shelf/follows.ts';
import { handle } from '#site/lib/server/handle.ts';

export const PUT = handle('follow', ({ db, user, params, body }) =>
  followTag(db, user.id, params.kind, params.value, body),
);

export const DELETE = handle('unfollow', ({ db, user, params }) => unfollowTag(db, user.id, params.kind, params.value));

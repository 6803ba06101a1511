/** /api/follows/seen: POST marks what is new in the caller's follows as seen (their Following page was opened). */
import { markFollowsSeen } from '#db/shelf/follows.ts';
import { handle } from '#site/lib/server/handle.ts';

export const POST = handle('markFollowsSeen', async ({ db, user }) => {
  await markFollowsSeen(db, user.id);
  return { message: 'Seen' };
});

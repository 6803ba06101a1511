/** /api/follows/seen: POST marks what is new in the caller's follows as seen (their Following page was opened). */
import { getDb } from '#db/client.ts';
import { markFollowsSeen } from '#db/shelf/follows.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireUser } from '#site/lib/server/guards.ts';

export const POST = endpoint(async (context) => {
  await markFollowsSeen(await getDb(), requireUser(context).id);
  return { message: 'Seen' };
});

import { getDb } from '#db/client.ts';
import { checkReportedLink, reportBrokenLink } from '#db/services/link-health.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireUser } from '#site/lib/server/guards.ts';
import { json } from '#site/lib/server/http.ts';

/** A signed-in user reports the content's link broken (once); the link is checked at once, in the background. */
export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const db = await getDb();
  const contentId = context.params.id ?? '';
  const reply = await reportBrokenLink(db, user.id, contentId);
  void checkReportedLink(db, contentId);
  return json(reply, 201);
});

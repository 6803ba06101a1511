import { getDb } from '#db/client.ts';
import { checkReportedLink, hasReportedLink, reportBrokenLink, withdrawLinkReport } from '#db/links/link-health.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireUser } from '#site/lib/server/guards.ts';
import { json } from '#site/lib/server/http.ts';

/** Whether the signed-in user has reported the content's link (the page is the same for everyone: it asks). */
export const GET = endpoint(async (context) => {
  const user = requireUser(context);
  return { reported: await hasReportedLink(await getDb(), user.id, context.params.id ?? '') };
});

/** A signed-in user reports the content's link broken (once); the link is checked at once, in the background. */
export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const db = await getDb();
  const contentId = context.params.id ?? '';
  const reply = await reportBrokenLink(db, user.id, contentId);
  void checkReportedLink(db, contentId);
  return json(reply, 201);
});

/** The user withdraws their report (its Undo); withdrawing none is the same answer. */
export const DELETE = endpoint(async (context) => {
  const user = requireUser(context);
  return withdrawLinkReport(await getDb(), user.id, context.params.id ?? '');
});

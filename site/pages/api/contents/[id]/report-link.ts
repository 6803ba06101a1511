import { checkReportedLink, hasReportedLink, reportBrokenLink, withdrawLinkReport } from '#db/links/link-health.ts';
import { handle } from '#site/lib/server/handle.ts';

/** Whether the signed-in user has reported the content's link (the page is the same for everyone: it asks). */
export const GET = handle('myLinkReport', async ({ db, user, params }) => ({
  reported: await hasReportedLink(db, user.id, params.id),
}));

/** A signed-in user reports the content's link broken (once); the link is checked at once, in the background. */
export const POST = handle('reportLink', async ({ db, user, params }) => {
  const reply = await reportBrokenLink(db, user.id, params.id);
  void checkReportedLink(db, params.id);
  return reply;
});

/** The user withdraws their report (its Undo); withdrawing none is the same answer. */
export const DELETE = handle('withdrawLinkReport', ({ db, user, params }) =>
  withdrawLinkReport(db, user.id, params.id),
);

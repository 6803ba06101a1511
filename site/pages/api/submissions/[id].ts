import { fetchPicture } from '#db/catalog/pictures.ts';
import { getSubmissionAsTyped } from '#db/submissions/submissions.ts';
import { handle } from '#site/lib/server/handle.ts';
import { approvalMessage, approveSubmission, rejectSubmission } from '#db/submissions/submission-decisions.ts';

export const GET = handle('getSubmission', ({ db, params }) => getSubmissionAsTyped(db, params.id));

/**
 * Approves: the content is created from the posted (edited) fields; an empty body approves as submitted.
 *
 * `proposedTags` in the body says what becomes of the tags the submitter proposed (GET shows them as
 * `proposedTags: [{kind, label, value}]`):
 *   - 'create' or 'drop': the same for every proposed tag;
 *   - or a list, one entry per proposed tag at most:
 *     `{kind: 'techStack', value: 'elixir', action: 'create' | 'map' | 'drop', mapTo: 'go'}`
 *     (`label` may name the proposal instead of `value`; kind and action in any case; `mapTo` — a value,
 *     a label or a {label, value} of an active tag of the kind — alone means 'map').
 * Without `proposedTags`, a proposal the post keeps in its category, techStack or type (GET shows them
 * there, as typed) is created. An entry with neither action nor mapTo (a proposal echoed back as GET showed
 * it) and a proposal left out are not chosen for: attached if the value became a tag meanwhile, else dropped
 * (tags are made only when someone chose to), and the message names the dropped ones. 'create' of a value that became a tag meanwhile attaches it; of a retired value it is a
 * 409. A kind, a proposal, an action or a mapTo that does not exist is a 400 naming it; nothing is written.
 *
 * The posted slug is the content's when it is a slug and free; otherwise one is made from the name and the
 * message says so.
 *
 * 201 `{message, content, proposedTags: [{kind, label, value, outcome: 'created' | 'mapped' | 'attached' |
 * 'dropped', tag?: {label, value}}]}`: the new tags are created, audited ('tag.create'), in the approval's
 * transaction.
 */
export const POST = handle('approveSubmission', async ({ db, actor, params, body }) => {
  const { slugNotice, ...approval } = await approveSubmission(db, actor, params.id, body);
  // Its own picture instead of the letter tile, after the reply: nobody waits for another site.
  void fetchPicture(db, approval.content._id);
  return { message: approvalMessage(approval.proposedTags, slugNotice), ...approval };
});

/**
 * Rejects. The body may say why: `{reason, note}` (db/submissions/validation/rejection.ts: a code of the fixed set, a
 * note of at most 500 characters; both optional). No body rejects without a reason (docs/product.md#the-rest-api: the body is optional).
 */
export const DELETE = handle('rejectSubmission', ({ db, actor, params, body }) =>
  rejectSubmission(db, actor, params.id, body),
);

/** Deciding a submission: approving it makes the content; rejecting it keeps the reason (docs/product.md#how-things-change). */
import { FACT_KEYS } from '../catalog/validation/facts.ts';
import { and, eq, sql } from 'drizzle-orm';
import { guard, isGuardFailure, uniqueViolation } from '../batch.ts';
import type { Db } from '../client.ts';
import { conflict, invalid } from '../errors.ts';
import { newId } from '../ids.ts';
import { contents, submissions, type ProposedTag, type SubmissionStatus } from '../schema.ts';
import { cleanUrl, slugify } from '../catalog/urls.ts';
import { contentFields, contentInput, slug as slugRule } from '../catalog/validation/contents.ts';
import { FIELD_FACETS } from '../catalog/facets.ts';
import { TAG_KINDS, toValue } from '../catalog/taxonomy.ts';
import { rejectionInput, type RejectReason } from './validation/rejection.ts';
import { parseInput } from '../validation/parse.ts';
import { refusePrivateWebsite } from '../outbound/public-addresses.ts';
import { contentConflict, getContent } from '../catalog/content-admin.ts';
import { actorLabel, auditEntry, type Actor } from '../operations/audit.ts';
import { approvalMail, rejectionMail, submitterToMail } from './decision-mail.ts';
import { queueMail, wakeMailSender } from '../operations/mail.ts';
import { insertContentStatements } from '../catalog/content-rows.ts';
import { settleProposedTags, withSettledTags } from './proposed-tags.ts';
import type { ApprovalShape, SettledProposal } from './admin-contract.ts';
import { getSubmission, isPending } from './submissions.ts';
import type { SubmissionShape } from './contract.ts';
import { addTagStatements, settleAdminTags } from '../catalog/tags/tags.ts';
import { approvalNeeds, needsText } from './validation/approval-needs.ts';

const stillPending = (id: string) =>
  sql`EXISTS (SELECT 1 FROM ${submissions} WHERE ${submissions.id} = ${id} AND ${submissions.status} = 'pending')`;

/** What a decision records besides its status: the content an approval made, or why it was rejected. */
type Outcome = { contentId: string } | { rejectReason: RejectReason | null; rejectNote: string | null };

/** The record of a decision, written in the same batch as what it decided. */
const decide = (
  db: Db,
  actor: Actor,
  id: string,
  status: Exclude<SubmissionStatus, 'pending'>,
  outcome: Outcome,
  settled?: SettledProposal[],
) =>
  db
    .update(submissions)
    .set({
      status,
      decidedBy: actorLabel(actor),
      decidedAt: new Date(),
      ...outcome,
      ...(settled?.length ? { proposedTags: settled } : {}),
    })
    .where(and(eq(submissions.id, id), isPending));

const alreadyDecided = (submission: SubmissionShape) => conflict(`This submission was already ${submission.status}`);

/**
 * The slug a content derived from `name` gets: the name's slug, or with the first free number appended
 * ('example', 'example-2', 'example-3'…) when another content has it. One indexed range read.
 */
export async function freeSlug(db: Db, name: string): Promise<string> {
  const base = slugify(name);
  const rows = await db
    .select({ slug: contents.slug })
    .from(contents)
    .where(sql`${contents.slug} = ${base} OR (${contents.slug} > ${`${base}-`} AND ${contents.slug} < ${`${base}.`})`);
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The slug an approval gives its content: the one posted if it is a slug and free, else one made from the name (saying why). */
async function approvalSlug(db: Db, posted: string, name: string): Promise<{ slug: string; notice?: string }> {
  if (!posted) return { slug: await freeSlug(db, name) };
  const valid = slugRule.safeParse(posted).success;
  if (valid) {
    const [holder] = await db.select({ id: contents.id }).from(contents).where(eq(contents.slug, posted));
    if (!holder) return { slug: posted };
  }
  const slug = await freeSlug(db, name);
  return { slug, notice: `the slug '${posted}' ${valid ? 'is taken' : 'is not a slug'}: the content's is '${slug}'` };
}

/**
 * An approval: the content it made, and what became of each tag the submitter proposed (the contract's
 * Approval, whose message the endpoint words), and why the content's slug is not the one posted (taken, or
 * not a slug), when it is not.
 */
export type Approval = Omit<ApprovalShape, 'message'> & { slugNotice?: string };

/**
 * The submission with the admin's post over it. A blank in the post keeps the submission's value (forms post
 * blanks for fields left alone), but for the facets that are fields of their own, where the edit screen's "Not
 * specified" is a blank: posted, it is taken.
 */
function mergePosted<S extends object>(submission: S, posted: Record<string, unknown>): S & Record<string, unknown> {
  return {
    ...submission,
    ...Object.fromEntries(Object.entries(posted).filter(([, v]) => v !== undefined && v !== null && v !== '')),
    // A facet that is a field of its own, or a fact, posted blank is cleared: not the submission's (or its page's) value.
    ...Object.fromEntries(
      [...FIELD_FACETS.map((facet) => facet.key as string), ...FACT_KEYS]
        .filter((key) => posted[key] !== undefined)
        .map((key) => [key, posted[key]]),
    ),
  };
}

/** Refuses what a catalog entry could not stand on (./validation/approval-needs.ts), saying what it lacks. */
function refuseUnready(entry: Parameters<typeof approvalNeeds>[0]): void {
  const needs = approvalNeeds(entry);
  if (needs.length) throw invalid(`Not published: “${entry.name}” ${needsText(needs)}`);
}

/** The value a posted tag names: a text, or a {label, value} pair (db/catalog/validation/contents.ts tagList). */
function postedValue(item: unknown): string {
  if (typeof item === 'string') return toValue(item);
  if (typeof item !== 'object' || item === null) return '';
  const { label, value } = item as { label?: unknown; value?: unknown };
  return typeof value === 'string' && value ? value : typeof label === 'string' ? toValue(label) : '';
}

/**
 * A post that keeps a proposed tag in its category, techStack or type (as GET /api/submissions/{id} shows it
 * to a client that knows no `proposedTags`) chooses to create it: the post is read so, the proposal taken out
 * of the list and settled with the others. A post that chooses with `proposedTags` decides by it alone.
 */
function keptProposals(proposed: readonly ProposedTag[], posted: Record<string, unknown>): Record<string, unknown> {
  if (proposed.length === 0) return posted;
  const kept: ProposedTag[] = [];
  const lists: Record<string, unknown> = {};
  for (const kind of TAG_KINDS) {
    const list = posted[kind];
    if (!Array.isArray(list)) continue;
    const mine = proposed.filter((p) => p.kind === kind);
    lists[kind] = list.filter((item) => {
      const proposal = mine.find((p) => p.value === postedValue(item));
      if (proposal && !kept.includes(proposal)) kept.push(proposal);
      return !proposal;
    });
  }
  if (kept.length === 0) return posted;
  if (posted.proposedTags !== undefined) return { ...posted, ...lists };
  return { ...posted, ...lists, proposedTags: kept.map(({ kind, value }) => ({ kind, value, action: 'create' })) };
}

/**
 * The answer's message: the original contract's "Submission is approved", then what the admin should know —
 * the proposed tags it dropped (a client that knows no `proposedTags` is told here), and the slug's notice.
 */
export function approvalMessage(settled: readonly SettledProposal[], slugNotice?: string): string {
  const dropped = settled.filter((p) => p.outcome === 'dropped');
  const notes = [
    ...(dropped.length
      ? [
          `${dropped.length === 1 ? 'the proposed tag' : `${dropped.length} proposed tags`} ${dropped
            .map((p) => `'${p.label}' (${p.kind})`)
            .join(', ')} ${dropped.length === 1 ? 'was' : 'were'} dropped`,
        ]
      : []),
    ...(slugNotice ? [slugNotice] : []),
  ];
  return notes.length ? `Submission is approved (${notes.join('; ')})` : 'Submission is approved';
}

/**
 * Whether an approval's write lost a race it can win by choosing again: another approval took the slug between
 * the read and the write, or a tag it creates was added meanwhile (another approval, the tag screens: settled
 * again, it is attached).
 */
const isRaceToRetry = (error: unknown) =>
  uniqueViolation(error) === 'contents.slug' || uniqueViolation(error) === 'tags.kind';

/**
 * Approves a submission: the content is created (published) from the fields the admin posts — the
 * submission's own fill what the post leaves out, and what nobody gave gets the defaults (Free, no
 * certificate) — unless it lacks what a catalog entry needs (./validation/approval-needs.ts: a 400 saying what, and
 * the submission stays in the queue); the submission is recorded as approved with that content, in one
 * transaction. A website that already exists is a 409 and the submission stays in the queue. The posted slug is used when
 * it is a slug and free; when none is posted, or the one posted is taken or not a slug, one is derived from
 * the name and made unique (several links of one site share a name), and `slugNotice` says why.
 * The post's `proposedTags` says what becomes of the proposed tags (settleProposedTags); the tags it creates
 * are written, and audited, in the same transaction, and so is the mail that tells the submitter (./decision-mail.ts).
 */
export async function approveSubmission(db: Db, actor: Actor, id: string, edited: unknown = {}): Promise<Approval> {
  const submission = await getSubmission(db, id);
  if (submission.status !== 'pending') throw alreadyDecided(submission);
  const posted = keptProposals(
    submission.proposedTags,
    typeof edited === 'object' && edited !== null ? (edited as Record<string, unknown>) : {},
  );
  const merged = mergePosted(submission, posted);
  const name = String(merged.name ?? '');
  const postedSlug = typeof posted.slug === 'string' ? posted.slug.trim() : '';
  const submitter = await submitterToMail(db, id);
  for (let attempt = 1; ; attempt++) {
    const settled = await settleProposedTags(db, submission.proposedTags, posted.proposedTags);
    const { slug: chosenSlug, notice: slugNotice } = await approvalSlug(db, postedSlug, name);
    const creating = settled.filter((s) => s.outcome === 'created').map((s) => ({ kind: s.kind, tag: s.tag! }));
    // Every content field from the merge; a blank description is filled when the submission is read
    // (getSubmission: the page's own, or a line naming it).
    const fields = { ...contentFields(merged), slug: chosenSlug, image: merged.image ?? '' };
    const { data: given, created } = await settleAdminTags(db, parseInput(contentInput, fields), creating);
    refusePrivateWebsite(given.url);
    const data = withSettledTags(given, settled);
    refuseUnready(data);
    const contentId = newId();
    const proposals = settled.map(({ kind, value, outcome, tag }) => ({
      kind,
      value,
      outcome,
      ...(tag && tag.value !== value ? { tag: tag.value } : {}),
    }));
    try {
      await db.batch([
        guard(db, stillPending(id)),
        ...[...creating, ...created].flatMap(({ kind, tag }) =>
          addTagStatements(db, actor, kind, tag, { submission: id }),
        ),
        ...insertContentStatements(db, contentId, { ...data, url: cleanUrl(data.url) }),
        decide(db, actor, id, 'approved', { contentId }, settled),
        auditEntry(
          db,
          actor,
          'submission.approve',
          { type: 'submission', id },
          { contentId, name: data.name, url: data.url, ...(proposals.length ? { proposedTags: proposals } : {}) },
        ),
        ...(submitter ? [queueMail(db, approvalMail(submitter, submission, data))] : []),
      ]);
      if (submitter) wakeMailSender();
      return { content: await getContent(db, contentId), proposedTags: settled, ...(slugNotice ? { slugNotice } : {}) };
    } catch (error) {
      if (isGuardFailure(error)) throw alreadyDecided(await getSubmission(db, id));
      if (attempt < 20 && isRaceToRetry(error)) continue;
      throw contentConflict(error, data);
    }
  }
}

export const REJECTED = 'submission rejected successfully';

/**
 * Rejects a pending submission (it is kept, as rejected), with the reason and note of `rejection` (either may
 * be missing: see db/submissions/validation/rejection.ts). A client may approve and then delete
 * (decision 010): a submission already decided is left as it is — its content untouched — and the answer is a
 * 200 that says so.
 */
export async function rejectSubmission(
  db: Db,
  actor: Actor,
  id: string,
  rejection: unknown = {},
): Promise<{ message: string; status: SubmissionStatus }> {
  const { reason, note } = parseInput(rejectionInput, rejection);
  const submission = await getSubmission(db, id);
  if (submission.status !== 'pending')
    return { message: `Submission was already ${submission.status}; nothing changed`, status: submission.status };
  const submitter = await submitterToMail(db, id);
  try {
    await db.batch([
      guard(db, stillPending(id)),
      decide(db, actor, id, 'rejected', { rejectReason: reason ?? null, rejectNote: note ?? null }),
      auditEntry(
        db,
        actor,
        'submission.reject',
        { type: 'submission', id },
        { name: submission.name, url: submission.url, ...(reason ? { reason } : {}), ...(note ? { note } : {}) },
      ),
      ...(submitter ? [queueMail(db, rejectionMail(submitter, submission, { reason, note }))] : []),
    ]);
  } catch (error) {
    // Decided by someone else in the meantime: report what it is now.
    if (isGuardFailure(error)) return rejectSubmission(db, actor, id, rejection);
    throw error;
  }
  if (submitter) wakeMailSender();
  return { message: REJECTED, status: 'rejected' };
}

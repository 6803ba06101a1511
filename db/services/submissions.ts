/** Links users submit for the admins to review (SPEC §4 submission lifecycle). */
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { guard, isGuardFailure, uniqueViolation } from '../batch.ts';
import type { Db } from '../client.ts';
import { conflict, invalid, isAppError, notFound } from '../errors.ts';
import { newId } from '../ids.ts';
import { paging, type Paging } from '../paging.ts';
import { containsPattern, parseListQuery, SUBMISSION_LIST, type ListQuery } from '../validation/list-query.ts';
import { contents, submissions, users, type ProposedTag, type Submission, type SubmissionStatus } from '../schema.ts';
import type { Cost, Tag } from '../taxonomy.ts';
import { cleanUrl, nameFromUrl, slugify, urlKey } from '../urls.ts';
import { contentInput } from '../validation/contents.ts';
import { httpUrl } from '../validation/contents.ts';
import { submissionInput } from '../validation/engagement.ts';
import { z } from '../validation/zod.ts';
import { rejectionInput, type RejectReason } from '../validation/rejection.ts';
import { submissionBulkInput, type BulkAction } from '../validation/submission-bulk.ts';
import { parseInput } from '../validation/parse.ts';
import { contentConflict, getContent } from './admin-contents.ts';
import { actorLabel, auditEntry, type Actor } from './audit.ts';
import { approvalMail, rejectionMail, submitterToMail } from './decision-mail.ts';
import { queueMail, wakeMailSender } from './mail.ts';
import { insertContentStatements, type ApiContent } from './content-rows.ts';
import { separateProposedTags, settleProposedTags, withSettledTags, type SettledProposal } from './proposed-tags.ts';
import { hitLimit } from './rate-limit.ts';
import { addTagStatements, resolveTags } from './tags.ts';

/** The fields a submitter may leave blank, in the order the forms show them. */
export const OPTIONAL_SUBMISSION_FIELDS = ['category', 'techStack', 'type', 'cost', 'hasCert', 'description'] as const;
export type OptionalSubmissionField = (typeof OPTIONAL_SUBMISSION_FIELDS)[number];

/**
 * A submission as SPEC §3 shows it, plus its record: `cost` and `hasCert` are null when the submitter did
 * not say ("not given"), `blankFields` names every field they left blank (for the reviewing admin), and
 * `status` says what became of it.
 */
export interface ApiSubmission {
  _id: string;
  name: string;
  slug: string;
  url: string;
  image: string;
  category: Tag[];
  techStack: Tag[];
  type: Tag[];
  /** Tags the submitter named that are none of ours yet: the admin who approves creates, maps or drops each. */
  proposedTags: ProposedTag[];
  cost: Cost | null;
  hasCert: boolean | null;
  description: string;
  rating: number;
  createdAt: string;
  blankFields: OptionalSubmissionField[];
  status: SubmissionStatus;
  decidedBy: string | null;
  decidedAt: string | null;
  /** The content an approval made. */
  contentId: string | null;
  /** Why it was rejected (a code of REJECT_REASONS) and the moderator's note: null when not given. */
  rejectReason: RejectReason | null;
  rejectNote: string | null;
  /** The page's own title, fetched when it was submitted (offered to the admin as its name); null when that failed. */
  pageTitle: string | null;
}

function blankFields(s: Submission): OptionalSubmissionField[] {
  const named = (kind: ProposedTag['kind']) => s[kind].length > 0 || s.proposedTags.some((p) => p.kind === kind);
  const blank = { category: !named('category'), techStack: !named('techStack'), type: !named('type'), cost: s.cost === null, hasCert: s.hasCert === null, description: !s.description };
  return OPTIONAL_SUBMISSION_FIELDS.filter((field) => blank[field]);
}

export const toApiSubmission = (s: Submission): ApiSubmission => ({
  _id: s.id,
  name: s.name,
  slug: s.slug,
  url: s.url,
  image: s.image,
  category: s.category,
  techStack: s.techStack,
  type: s.type,
  proposedTags: s.proposedTags,
  cost: s.cost,
  hasCert: s.hasCert,
  description: s.description,
  rating: s.rating,
  createdAt: s.createdAt.toISOString(),
  blankFields: blankFields(s),
  status: s.status,
  decidedBy: s.decidedBy,
  decidedAt: s.decidedAt?.toISOString() ?? null,
  contentId: s.contentId,
  rejectReason: s.rejectReason,
  rejectNote: s.rejectNote,
  pageTitle: s.pageTitle,
});

const isPending = eq(submissions.status, 'pending');

/** Why a URL cannot be submitted: it is already a content, or already waiting in the queue. */
async function duplicateMessage(db: Db, key: string): Promise<string> {
  const [content] = await db.select({ name: contents.name }).from(contents).where(eq(contents.urlKey, key));
  if (content) return `This resource is already listed as '${content.name}'`;
  const [pending] = await db.select({ name: submissions.name }).from(submissions).where(and(eq(submissions.urlKey, key), isPending));
  return `This resource was already submitted as '${pending?.name ?? 'another submission'}' and is waiting for review`;
}

/** What the submit form is told while a URL is typed: whether it is listed, waiting, turned down before, or new. */
export type UrlCheck =
  | { status: 'listed'; content: { _id: string; name: string; slug: string } }
  | { status: 'pending'; name: string }
  | { status: 'rejected'; name: string; rejectedAt: string | null; rejectReason: RejectReason | null; rejectNote: string | null }
  | { status: 'new' };

const urlCheckInput = z.object({ url: httpUrl });

/**
 * Whether `url` may be submitted, with the duplicate refusal's normalisation (urlKey): already a content,
 * already waiting in the queue, rejected before (the latest rejection, with its reason), or new. Limited per
 * user (RATE_LIMIT_SUBMISSION_CHECK_USER): the form asks as the URL is typed.
 */
export async function checkSubmissionUrl(db: Db, userId: string, url: unknown): Promise<UrlCheck> {
  const input = parseInput(urlCheckInput, { url });
  await hitLimit(db, 'RATE_LIMIT_SUBMISSION_CHECK_USER', userId);
  const key = urlKey(cleanUrl(input.url));
  const [content] = await db.select({ _id: contents.id, name: contents.name, slug: contents.slug }).from(contents).where(eq(contents.urlKey, key));
  if (content) return { status: 'listed', content };
  const [pending] = await db.select({ name: submissions.name }).from(submissions).where(and(eq(submissions.urlKey, key), isPending));
  if (pending) return { status: 'pending', name: pending.name };
  const [rejected] = await db
    .select()
    .from(submissions)
    .where(and(eq(submissions.urlKey, key), eq(submissions.status, 'rejected')))
    .orderBy(desc(submissions.decidedAt))
    .limit(1);
  if (rejected) return { status: 'rejected', name: rejected.name, rejectedAt: rejected.decidedAt?.toISOString() ?? null, rejectReason: rejected.rejectReason, rejectNote: rejected.rejectNote };
  return { status: 'new' };
}

/**
 * Queues a new link. The URL is normalised (tracking parameters and fragment dropped) and must not already
 * be a content or a pending submission: checked in the insert itself, so two users submitting the same
 * link at once get one submission and one 409. A tag that is none of ours is kept as a proposal.
 */
export async function createSubmission(db: Db, userId: string, input: unknown): Promise<ApiSubmission> {
  const { data, proposed } = await separateProposedTags(db, parseInput(submissionInput, input));
  await hitLimit(db, 'RATE_LIMIT_SUBMISSION_USER', userId);
  const url = cleanUrl(data.url);
  const key = urlKey(url);
  const name = data.name || nameFromUrl(url);
  const row = {
    id: newId(),
    userId,
    name,
    slug: slugify(name),
    url,
    urlKey: key,
    image: '',
    category: data.category,
    techStack: data.techStack,
    type: data.type,
    cost: data.cost ?? null,
    hasCert: data.hasCert ?? null,
    description: data.description,
  };
  const [created] = await db
    .insert(submissions)
    .select(
      db
        .select({
          id: sql`${row.id}`.as('id'),
          userId: sql`${row.userId}`.as('user_id'),
          name: sql`${row.name}`.as('name'),
          slug: sql`${row.slug}`.as('slug'),
          url: sql`${row.url}`.as('url'),
          urlKey: sql`${row.urlKey}`.as('url_key'),
          image: sql`${row.image}`.as('image'),
          category: sql`${JSON.stringify(row.category)}`.as('category'),
          techStack: sql`${JSON.stringify(row.techStack)}`.as('tech_stack'),
          type: sql`${JSON.stringify(row.type)}`.as('type'),
          cost: sql`${row.cost}`.as('cost'),
          hasCert: sql`${row.hasCert === null ? null : row.hasCert ? 1 : 0}`.as('has_cert'),
          description: sql`${row.description}`.as('description'),
          rating: sql`0`.as('rating'),
          proposedTags: sql`${JSON.stringify(proposed)}`.as('proposed_tags'),
          status: sql`'pending'`.as('status'),
          decidedBy: sql`NULL`.as('decided_by'),
          decidedAt: sql`NULL`.as('decided_at'),
          contentId: sql`NULL`.as('content_id'),
          rejectReason: sql`NULL`.as('reject_reason'),
          rejectNote: sql`NULL`.as('reject_note'),
          pageTitle: sql`NULL`.as('page_title'),
          createdAt: sql`${Date.now()}`.as('created_at'),
        })
        .from(sql`(SELECT 1)`)
        .where(sql`NOT EXISTS (SELECT 1 FROM ${contents} WHERE ${contents.urlKey} = ${key})`),
    )
    .onConflictDoNothing()
    .returning();
  if (!created) throw conflict(await duplicateMessage(db, key));
  return toApiSubmission(created);
}

export interface SubmissionList extends Paging {
  pageSize: number;
  submissions: ApiSubmission[];
}

const SUBMISSION_SORTS = { created: submissions.createdAt, name: sql`${submissions.name} COLLATE NOCASE`, decided: submissions.decidedAt } as const;

/**
 * Which submissions a list or a bulk action over "all matching" means: `status` (pending unless given;
 * 'all' for every one), `search` in the name or the URL.
 */
function submissionsMatching(query: ListQuery<string, 'status'>): SQL | undefined {
  const status = query.filters.status ?? 'pending';
  const pattern = containsPattern(query.search);
  return and(
    status === 'all' ? undefined : eq(submissions.status, status as SubmissionStatus),
    query.search ? or(sql`${submissions.name} LIKE ${pattern} ESCAPE '\\'`, sql`${submissions.url} LIKE ${pattern} ESCAPE '\\'`) : undefined,
  );
}

/**
 * The admin's submissions table: by default the queue (pending, oldest first: first come, first reviewed);
 * `status` shows the decided ones too, `search` finds a name or URL, `sort` orders by submitted, name or
 * decided. The status with the submitted time is an index range (submissions_status_created_idx).
 */
export async function listSubmissions(db: Db, params: URLSearchParams | Record<string, string | undefined> = {}): Promise<SubmissionList> {
  const query = parseListQuery(SUBMISSION_LIST, params);
  const where = submissionsMatching(query);
  const p = paging(query.page, await db.$count(submissions, where), query.pageSize);
  const direction = query.order === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(submissions)
    .where(where)
    .orderBy(direction(SUBMISSION_SORTS[query.sort]), direction(submissions.id))
    .limit(query.pageSize)
    .offset(p.count);
  return { ...p, pageSize: query.pageSize, submissions: rows.map(toApiSubmission) };
}

/** At most this many submissions are decided by one bulk action (a page of 100 and then some). */
export const BULK_LIMIT = 500;

/** The ids of the submissions "all matching" means: the list's filters, resolved here, never by the browser. */
export async function submissionIdsMatching(db: Db, params: URLSearchParams | Record<string, string | undefined>): Promise<string[]> {
  const query = parseListQuery(SUBMISSION_LIST, params);
  const direction = query.order === 'asc' ? asc : desc;
  const rows = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(submissionsMatching(query))
    .orderBy(direction(SUBMISSION_SORTS[query.sort]), direction(submissions.id))
    .limit(BULK_LIMIT + 1);
  if (rows.length > BULK_LIMIT) throw invalid(`More than ${BULK_LIMIT} submissions match: narrow the search or the status first`);
  return rows.map((r) => r.id);
}

/** Every pending submission with its submitter (the CLI's review pass). */
export async function listPendingSubmissions(db: Db): Promise<Array<ApiSubmission & { submittedBy: string | null }>> {
  const rows = await db
    .select({ submission: submissions, email: users.email })
    .from(submissions)
    .leftJoin(users, eq(users.id, submissions.userId))
    .where(isPending)
    .orderBy(asc(submissions.createdAt), asc(submissions.id));
  return rows.map((r) => ({ ...toApiSubmission(r.submission), submittedBy: r.email }));
}

export async function getSubmission(db: Db, id: string): Promise<ApiSubmission> {
  const [row] = await db.select().from(submissions).where(eq(submissions.id, id));
  if (!row) throw notFound('Submission not found');
  return toApiSubmission(row);
}

const stillPending = (id: string) => sql`EXISTS (SELECT 1 FROM ${submissions} WHERE ${submissions.id} = ${id} AND ${submissions.status} = 'pending')`;

/** What a decision records besides its status: the content an approval made, or why it was rejected. */
type Outcome = { contentId: string } | { rejectReason: RejectReason | null; rejectNote: string | null };

/** The record of a decision, written in the same batch as what it decided. */
const decide = (db: Db, actor: Actor, id: string, status: Exclude<SubmissionStatus, 'pending'>, outcome: Outcome) =>
  db.update(submissions).set({ status, decidedBy: actorLabel(actor), decidedAt: new Date(), ...outcome }).where(and(eq(submissions.id, id), isPending));

const alreadyDecided = (submission: ApiSubmission) => conflict(`This submission was already ${submission.status}`);

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

/** An approval: the content it made, and what became of each tag the submitter proposed. */
export interface Approval {
  content: ApiContent;
  proposedTags: SettledProposal[];
}

/**
 * Approves a submission: the content is created (published) from the fields the admin posts — the
 * submission's own fill what the post leaves out, and what nobody gave gets the defaults (Free, no
 * certificate) — and the submission is recorded as approved with that content, in one transaction. A
 * website that already exists is a 409 and the submission stays in the queue; so is a slug the admin chose
 * that is taken. A slug derived from the name is made unique instead (several links of one site share a name).
 * The post's `proposedTags` says what becomes of the proposed tags (settleProposedTags); the tags it creates
 * are written, and audited, in the same transaction, and so is the mail that tells the submitter (./decision-mail.ts).
 */
export async function approveSubmission(db: Db, actor: Actor, id: string, edited: unknown = {}): Promise<Approval> {
  const submission = await getSubmission(db, id);
  if (submission.status !== 'pending') throw alreadyDecided(submission);
  const posted = typeof edited === 'object' && edited !== null ? (edited as Record<string, unknown>) : {};
  const merged = { ...submission, ...Object.fromEntries(Object.entries(posted).filter(([, v]) => v !== undefined && v !== null && v !== '')) };
  const name = String(merged.name ?? '');
  const postedSlug = typeof posted.slug === 'string' ? posted.slug.trim() : '';
  const chosenSlug = postedSlug && postedSlug !== slugify(name) && postedSlug !== submission.slug ? postedSlug : undefined;
  const submitter = await submitterToMail(db, id);
  for (let attempt = 1; ; attempt++) {
    const settled = await settleProposedTags(db, submission.proposedTags, posted.proposedTags);
    const given = await resolveTags(db, parseInput(contentInput, {
      name: merged.name,
      slug: chosenSlug ?? (await freeSlug(db, name)),
      url: merged.url,
      image: merged.image ?? '',
      description: merged.description || `${merged.name} — submitted by a Skillshelf user.`,
      cost: merged.cost,
      hasCert: merged.hasCert,
      category: merged.category,
      techStack: merged.techStack,
      type: merged.type,
    }));
    const data = withSettledTags(given, settled);
    const contentId = newId();
    const proposals = settled.map(({ kind, value, outcome, tag }) => ({ kind, value, outcome, ...(tag && tag.value !== value ? { tag: tag.value } : {}) }));
    try {
      await db.batch([
        guard(db, stillPending(id)),
        ...settled.filter((s) => s.outcome === 'created').flatMap((s) => addTagStatements(db, actor, s.kind, s.tag!, { submission: id })),
        ...insertContentStatements(db, contentId, { ...data, url: cleanUrl(data.url) }),
        decide(db, actor, id, 'approved', { contentId }),
        auditEntry(db, actor, 'submission.approve', { type: 'submission', id }, { contentId, name: data.name, url: data.url, ...(proposals.length ? { proposedTags: proposals } : {}) }),
        ...(submitter ? [queueMail(db, approvalMail(submitter, submission, data))] : []),
      ]);
      if (submitter) wakeMailSender();
      return { content: await getContent(db, contentId), proposedTags: settled };
    } catch (error) {
      if (isGuardFailure(error)) throw alreadyDecided(await getSubmission(db, id));
      // Another approval took the same derived slug between the read and the write: count again.
      if (!chosenSlug && attempt < 20 && uniqueViolation(error) === 'contents.slug') continue;
      // A tag this approval creates was added meanwhile (another approval, the tag screens): settle again, attaching it.
      if (attempt < 20 && uniqueViolation(error) === 'tags.kind') continue;
      throw contentConflict(error, data);
    }
  }
}

export const REJECTED = 'submission rejected successfully';

/**
 * Rejects a pending submission (it is kept, as rejected), with the reason and note of `rejection` (either
 * may be missing: see db/validation/rejection.ts). SPEC §4's client approves and then deletes: a submission
 * already decided is left as it is — its content untouched — and the answer is a 200 that says so.
 */
export async function rejectSubmission(db: Db, actor: Actor, id: string, rejection: unknown = {}): Promise<{ message: string; status: SubmissionStatus }> {
  const { reason, note } = parseInput(rejectionInput, rejection);
  const submission = await getSubmission(db, id);
  if (submission.status !== 'pending') return { message: `Submission was already ${submission.status}; nothing changed`, status: submission.status };
  const submitter = await submitterToMail(db, id);
  try {
    await db.batch([
      guard(db, stillPending(id)),
      decide(db, actor, id, 'rejected', { rejectReason: reason ?? null, rejectNote: note ?? null }),
      auditEntry(db, actor, 'submission.reject', { type: 'submission', id }, { name: submission.name, url: submission.url, ...(reason ? { reason } : {}), ...(note ? { note } : {}) }),
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

/** What became of one submission in a bulk approval or rejection. */
export interface SubmissionOutcome {
  id: string;
  outcome: 'approved' | 'rejected' | 'deleted' | 'refused' | 'not-found';
  /** Why it was refused (a duplicate slug or website, an invalid field) or not found. */
  reason?: string;
  /** The content an approval created. */
  content?: ApiContent;
  /** What became of the tags the submitter proposed (an approval). */
  proposedTags?: SettledProposal[];
}

/**
 * Approves several submissions, each on its own with approveSubmission's rules (one transaction each), so
 * a refused or unknown id does not stop the others. A failure of the database itself does. `proposedTags`
 * gives each id's choices for its proposed tags (as an approval posts them).
 */
export async function approveSubmissions(db: Db, actor: Actor, ids: readonly string[], proposedTags: (id: string) => unknown = () => undefined): Promise<SubmissionOutcome[]> {
  const outcomes: SubmissionOutcome[] = [];
  for (const id of ids) {
    try {
      const approval = await approveSubmission(db, actor, id, { proposedTags: proposedTags(id) });
      outcomes.push({ id, outcome: 'approved', ...approval });
    } catch (error) {
      outcomes.push(failedOutcome(id, error));
    }
  }
  return outcomes;
}

/** Rejects several submissions, each on its own (see approveSubmissions), all for the same reason. */
export async function rejectSubmissions(db: Db, actor: Actor, ids: readonly string[], rejection: unknown = {}): Promise<SubmissionOutcome[]> {
  // A reason that is not one of ours is refused before any submission is touched.
  const valid = parseInput(rejectionInput, rejection);
  const outcomes: SubmissionOutcome[] = [];
  for (const id of ids) {
    try {
      const result = await rejectSubmission(db, actor, id, valid);
      outcomes.push(result.message === REJECTED ? { id, outcome: 'rejected' } : { id, outcome: 'refused', reason: result.message });
    } catch (error) {
      outcomes.push(failedOutcome(id, error));
    }
  }
  return outcomes;
}

/**
 * Deletes submissions for good, whatever became of them (spam, test entries): the submitter is not told, and
 * a content an approval made stays. One batch, each deletion audited; an id that does not exist is reported.
 */
export async function deleteSubmissions(db: Db, actor: Actor, ids: readonly string[]): Promise<SubmissionOutcome[]> {
  const found = ids.length ? await db.select({ id: submissions.id, name: submissions.name, url: submissions.url, status: submissions.status }).from(submissions).where(inArray(submissions.id, [...ids])) : [];
  if (found.length) {
    await db.batch([
      db.delete(submissions).where(inArray(submissions.id, found.map((f) => f.id))),
      ...found.map((f) => auditEntry(db, actor, 'submission.delete', { type: 'submission', id: f.id }, { name: f.name, url: f.url, status: f.status })),
    ]);
  }
  const deleted = new Set(found.map((f) => f.id));
  return ids.map((id) => (deleted.has(id) ? { id, outcome: 'deleted' } : { id, outcome: 'not-found', reason: 'Submission not found' }));
}

/** What a bulk action did to each submission, with its name when it was found (to say which one). */
export interface BulkResult {
  action: BulkAction;
  results: Array<Omit<SubmissionOutcome, 'content' | 'proposedTags'> & { name?: string; contentId?: string }>;
}

/**
 * A bulk action from the admin's table (POST /api/submissions/bulk): the ids chosen or all that the list's
 * filter matches, each decided on its own with the single action's rules (approveSubmissions,
 * rejectSubmissions, deleteSubmissions), so one refusal does not stop the others. Approval drops proposed
 * tags, as the table's Approve does.
 */
export async function runSubmissionBulk(db: Db, actor: Actor, input: unknown): Promise<BulkResult> {
  const { action, ids: chosen, filter, reason, note } = parseInput(submissionBulkInput, input);
  const ids = [...new Set(chosen ?? (await submissionIdsMatching(db, filter ?? {})))];
  const names = new Map((ids.length ? await db.select({ id: submissions.id, name: submissions.name }).from(submissions).where(inArray(submissions.id, ids)) : []).map((r) => [r.id, r.name]));
  const outcomes =
    action === 'approve' ? await approveSubmissions(db, actor, ids, () => 'drop') : action === 'reject' ? await rejectSubmissions(db, actor, ids, { reason, note }) : await deleteSubmissions(db, actor, ids);
  return { action, results: outcomes.map(({ content, proposedTags, ...outcome }) => ({ ...outcome, ...(names.has(outcome.id) ? { name: names.get(outcome.id) } : {}), ...(content ? { contentId: content._id } : {}) })) };
}

function failedOutcome(id: string, error: unknown): SubmissionOutcome {
  if (!isAppError(error)) throw error;
  return { id, outcome: error.code === 'NOT_FOUND' ? 'not-found' : 'refused', reason: error.message };
}

/** Links users submit for the admins to review (docs/product.md#how-things-change submission lifecycle). */
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { AppError, conflict, notFound } from '../errors.ts';
import { newId } from '../ids.ts';
import { contents, submissions, users, type ProposedTag, type Submission } from '../schema.ts';
import { perTagKind, TAG_KINDS, type TagKind } from '../catalog/taxonomy.ts';
import { FIELD_FACETS, type FieldKey } from '../catalog/facets.ts';
import { cleanUrl, nameFromUrl, slugify, urlKey } from '../catalog/urls.ts';
import { shownImage } from '../catalog/content-rows.ts';
import { httpUrl } from '../catalog/validation/contents.ts';
import { FACT_KEYS, factFields, factsOf } from '../catalog/validation/facts.ts';
import { submissionInput } from './validation/submissions.ts';
import { z } from '../validation/zod.ts';
import { parseInput } from '../validation/parse.ts';
import { refusePrivateWebsite } from '../outbound/public-addresses.ts';
import { separateProposedTags } from './proposed-tags.ts';
import { hitLimit, hitLimitMany } from '../operations/rate-limit.ts';
import type { SubmissionShape, UrlCheckShape } from './contract.ts';
import type { SubmissionForReviewShape } from './admin-contract.ts';
import { approvalNeeds, placeholderDescription } from './validation/approval-needs.ts';

/** The fields a submitter may leave blank, in the order the forms show them. */
export const OPTIONAL_SUBMISSION_FIELDS = [...TAG_KINDS, 'cost', 'hasCert', 'description'] as const;
export type OptionalSubmissionField = (typeof OPTIONAL_SUBMISSION_FIELDS)[number];

/** The facets that are fields of their own (db/catalog/facets.ts FIELD_FACETS): a choice, or null when not given. */
type FacetFieldValues = Pick<SubmissionShape, FieldKey>;

function blankFields(s: Submission): OptionalSubmissionField[] {
  const named = (kind: TagKind) => s[kind].length > 0 || s.proposedTags.some((p) => p.kind === kind);
  const blank: Record<OptionalSubmissionField, boolean> = {
    ...perTagKind((kind) => !named(kind)),
    cost: s.cost === null,
    hasCert: s.hasCert === null,
    description: !s.description,
  };
  return OPTIONAL_SUBMISSION_FIELDS.filter((field) => blank[field]);
}

/**
 * A submission as docs/product.md#what-is-stored shows it, plus its record (the contract's Submission): `cost` and `hasCert`
 * are null when the submitter did not say ("not given"), `blankFields` names every field they left blank (for
 * the reviewing admin), and `status` says what became of it.
 */
export const toApiSubmission = (s: Submission): SubmissionShape => ({
  _id: s.id,
  name: s.name,
  slug: s.slug,
  url: s.url,
  image: s.image,
  category: s.category,
  techStack: s.techStack,
  type: s.type,
  ...(Object.fromEntries(FIELD_FACETS.map((facet) => [facet.key, s[facet.key] ?? null])) as FacetFieldValues),
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
  nameDerived: s.status === 'pending' && s.name === nameFromUrl(s.url),
  ...factsOf(s),
  // What a bulk approval (which drops proposed tags) would find lacking; the page's own description fills a blank one.
  approvalNeeds:
    s.status === 'pending' ? approvalNeeds({ ...s, description: s.description || s.pageDescription || '' }) : [],
});

export const isPending = eq(submissions.status, 'pending');

/** Why a URL cannot be submitted: it is already a content, or already waiting in the queue. */
async function duplicateMessage(db: Db, key: string): Promise<string> {
  const [content] = await db.select({ name: contents.name }).from(contents).where(eq(contents.urlKey, key));
  if (content) return `This resource is already listed as '${content.name}'`;
  const [pending] = await db
    .select({ name: submissions.name })
    .from(submissions)
    .where(and(eq(submissions.urlKey, key), isPending));
  return `This resource was already submitted as '${pending?.name ?? 'another submission'}' and is waiting for review`;
}

const urlCheckInput = z.object({ url: httpUrl });

/**
 * Whether `url` may be submitted, with the duplicate refusal's normalisation (urlKey): already a content,
 * already waiting in the queue, rejected before (the latest rejection, with its reason; its note only to
 * whoever submitted it), or new. Limited per
 * user (RATE_LIMIT_SUBMISSION_CHECK_USER): the form asks as the URL is typed.
 */
export async function checkSubmissionUrl(db: Db, userId: string, url: unknown): Promise<UrlCheckShape> {
  const input = parseInput(urlCheckInput, { url });
  refusePrivateWebsite(input.url);
  await hitLimit(db, 'RATE_LIMIT_SUBMISSION_CHECK_USER', userId);
  const key = urlKey(cleanUrl(input.url));
  const [content] = await db
    .select({ _id: contents.id, name: contents.name, slug: contents.slug })
    .from(contents)
    .where(eq(contents.urlKey, key));
  if (content) return { status: 'listed', content };
  const [pending] = await db
    .select({ name: submissions.name })
    .from(submissions)
    .where(and(eq(submissions.urlKey, key), isPending));
  if (pending) return { status: 'pending', name: pending.name };
  const [rejected] = await db
    .select()
    .from(submissions)
    .where(and(eq(submissions.urlKey, key), eq(submissions.status, 'rejected')))
    .orderBy(desc(submissions.decidedAt))
    .limit(1);
  // The moderator's note was written to the submitter: anyone else typing the URL gets the reason only.
  if (rejected) {
    const rejectNote = rejected.userId === userId ? rejected.rejectNote : null;
    return {
      status: 'rejected',
      name: rejected.name,
      rejectedAt: rejected.decidedAt?.toISOString() ?? null,
      rejectReason: rejected.rejectReason,
      rejectNote,
    };
  }
  return { status: 'new' };
}

/**
 * Queues a new link. The URL is normalised (tracking parameters and fragment dropped) and must not already
 * be a content or a pending submission: checked in the insert itself, so two users submitting the same
 * link at once get one submission and one 409. A tag that is none of ours is kept as a proposal.
 */
export async function createSubmission(db: Db, userId: string, input: unknown): Promise<SubmissionShape> {
  const prepared = await prepareSubmission(db, userId, input);
  await hitLimit(db, 'RATE_LIMIT_SUBMISSION_USER', userId);
  const [created] = await prepared.insert();
  if (!created) throw conflict(await duplicateMessage(db, prepared.key));
  return toApiSubmission(created);
}

/**
 * How many submissions of one batch are inserted in one statement batch: drizzle builds each statement when the
 * batch is sent, about 0.6 ms apiece on this machine, all on the event loop.
 */
const INSERTS_AT_ONCE = 10;

/**
 * Many links from one user (those a bookmark import offers), each with createSubmission's checks and outcome,
 * in a few statements rather than four per link: the hourly limit is counted once for all, and the rows are
 * inserted 10 at a time. Answers each input's submission or the refusal it met, in order; those past the
 * hourly limit are refused with RATE_LIMITED.
 */
export async function createSubmissions(
  db: Db,
  userId: string,
  inputs: readonly unknown[],
): Promise<Array<{ submission: SubmissionShape } | { refusal: AppError }>> {
  const prepared: Array<PreparedSubmission | AppError> = [];
  for (const [i, input] of inputs.entries()) {
    prepared.push(await prepareSubmission(db, userId, input).catch(refusalOnly));
    // Checking a link is pure work on the event loop: it is handed back every 20 links.
    if (i % 20 === 19) await yieldToRequests();
  }
  const valid = prepared.filter((item): item is PreparedSubmission => !(item instanceof AppError));
  const { allowed, refusal } = await hitLimitMany(db, 'RATE_LIMIT_SUBMISSION_USER', userId, valid.length);
  const sent = valid.slice(0, allowed);
  const created = new Map<PreparedSubmission, Submission | undefined>();
  for (let start = 0; start < sent.length; start += INSERTS_AT_ONCE) {
    const chunk = sent.slice(start, start + INSERTS_AT_ONCE);
    const [first, ...rest] = chunk.map((item) => item.insert());
    const answers = await db.batch([first!, ...rest]);
    for (const [i, item] of chunk.entries()) created.set(item, answers[i]![0]);
    // A local database answers a batch without yielding: the loop is handed back between them.
    await yieldToRequests();
  }
  const results: Array<{ submission: SubmissionShape } | { refusal: AppError }> = [];
  for (const item of prepared) {
    if (item instanceof AppError) results.push({ refusal: item });
    else if (!created.has(item)) results.push({ refusal: refusal! });
    else {
      const row = created.get(item);
      results.push(
        row ? { submission: toApiSubmission(row) } : { refusal: conflict(await duplicateMessage(db, item.key)) },
      );
    }
  }
  return results;
}

const refusalOnly = (error: unknown): AppError => {
  if (error instanceof AppError) return error;
  throw error;
};

type PreparedSubmission = Awaited<ReturnType<typeof prepareSubmission>>;

/**
 * A submission checked (its fields, its tags, a public website) and ready to insert: `insert` makes its
 * statement, and `key` is the URL's key its duplicates are found by.
 */
async function prepareSubmission(db: Db, userId: string, input: unknown) {
  const { data, proposed } = await separateProposedTags(db, parseInput(submissionInput, input));
  refusePrivateWebsite(data.url);
  const row = submissionRow(userId, data);
  // Made as it is sent: a batch of 500 links holds 500 small rows, not 500 statements of 45 fragments each.
  const insert = () => insertStatement(db, row, data, proposed);
  return { insert, key: row.urlKey };
}

type SubmissionData = z.output<typeof submissionInput>;
type SubmissionRow = ReturnType<typeof submissionRow>;

/** The row's own fields, from what was given. */
function submissionRow(userId: string, data: SubmissionData) {
  const url = cleanUrl(data.url);
  const name = data.name || nameFromUrl(url);
  return {
    id: newId(),
    userId,
    name,
    slug: slugify(name),
    url,
    urlKey: urlKey(url),
    image: '',
    category: data.category,
    techStack: data.techStack,
    type: data.type,
    cost: data.cost ?? null,
    hasCert: data.hasCert ?? null,
    description: data.description,
  };
}

/** The statement inserting a submission's row unless its URL is listed or waiting already; answers the row inserted. */
function insertStatement(db: Db, row: SubmissionRow, data: SubmissionData, proposed: ProposedTag[]) {
  // The facets that are fields of their own, as given (null: not given), named as their columns.
  const facetFields = Object.fromEntries(
    FIELD_FACETS.map((facet) => [facet.key, sql`${data[facet.key] ?? null}`.as(facet.column)]),
  );
  const facts = factsOf(data);
  const givenFacts = Object.fromEntries(
    FACT_KEYS.map((key) => {
      const value = facts[key];
      const stored = Array.isArray(value) ? JSON.stringify(value) : typeof value === 'boolean' ? Number(value) : value;
      return [key, sql`${stored}`.as(submissions[key].name)];
    }),
  );
  return db
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
          // In the table's order (drizzle checks it): the facets' columns come after the tags.
          ...facetFields,
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
          pageDescription: sql`NULL`.as('page_description'),
          pageImage: sql`NULL`.as('page_image'),
          createdAt: sql`${Date.now()}`.as('created_at'),
          // Last in the table, as given (null: not known), as the columns store them.
          ...givenFacts,
          pageFacts: sql`NULL`.as('page_facts'),
        })
        .from(sql`(SELECT 1)`)
        .where(sql`NOT EXISTS (SELECT 1 FROM ${contents} WHERE ${contents.urlKey} = ${row.urlKey})`),
    )
    .onConflictDoNothing()
    .returning();
}

/** A field an approval fills when its submitter left it blank. */
export type SuggestedField = SubmissionForReviewShape['suggested'][number];

/**
 * The submission with the blanks an approval would fill filled in (docs/product.md#validation's defaults): the
 * page's own description, else a line naming the link; the page's own picture (its og:image, else its icon,
 * stored here when the link was submitted), else the letter tile; Free. An edit screen that requires them (the original client's) then has nothing to type.
 */
function forReview(row: Submission): SubmissionForReviewShape {
  const api = toApiSubmission(row);
  if (row.status !== 'pending') return { ...api, suggested: [] };
  const suggested: SuggestedField[] = [];
  if (!api.description) {
    api.description = row.pageDescription ?? placeholderDescription(row.name);
    suggested.push('description');
  }
  if (!api.image) {
    api.image = shownImage(row.pageImage ?? '', row.slug);
    suggested.push('image');
  }
  if (api.cost === null) {
    api.cost = 'Free';
    suggested.push('cost');
  }
  // The facts the page's own structured data gives, where the submitter gave none; each as the catalog takes it.
  for (const key of FACT_KEYS) {
    const given = row.pageFacts?.[key];
    if (api[key] !== null || given === undefined) continue;
    const read = factFields[key].safeParse(given);
    if (!read.success || read.data === null || read.data === undefined) continue;
    (api as Record<string, unknown>)[key] = read.data;
    suggested.push(key);
  }
  return { ...api, suggested };
}

/** Every pending submission with its submitter (the CLI's review pass). */
export async function listPendingSubmissions(db: Db): Promise<Array<SubmissionShape & { submittedBy: string | null }>> {
  const rows = await db
    .select({ submission: submissions, email: users.email })
    .from(submissions)
    .leftJoin(users, eq(users.id, submissions.userId))
    .where(isPending)
    .orderBy(asc(submissions.createdAt), asc(submissions.id));
  return rows.map((r) => ({ ...toApiSubmission(r.submission), submittedBy: r.email }));
}

export async function getSubmission(db: Db, id: string): Promise<SubmissionForReviewShape> {
  const [row] = await db.select().from(submissions).where(eq(submissions.id, id));
  if (!row) throw notFound('Submission not found');
  return forReview(row);
}

/**
 * A submission as a client of the original contract reads it (GET /api/submissions/{id}): a pending one's
 * proposed tags also stand in its category, techStack and type, as the submitter typed them, since such a
 * client knows no `proposedTags`; posted back there, each is kept (approveSubmission). This site's own
 * edit screen reads getSubmission, with the proposals apart.
 */
export async function getSubmissionAsTyped(db: Db, id: string): Promise<SubmissionForReviewShape> {
  const submission = await getSubmission(db, id);
  if (submission.status !== 'pending' || submission.proposedTags.length === 0) return submission;
  const typed = { ...submission };
  for (const kind of TAG_KINDS)
    typed[kind] = [
      ...submission[kind],
      ...submission.proposedTags.filter((p) => p.kind === kind).map(({ label, value }) => ({ label, value })),
    ];
  return typed;
}

/** What a submitter sees of the links they sent: each one's status, and what became of it. */
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { ADMIN_PAGE_SIZE, paging } from '../paging.ts';
import { contents, submissions, type SubmissionStatus } from '../schema.ts';
import { SUBMISSION_STATUSES } from './validation/statuses.ts';
import type { OwnSubmissionListShape, OwnSubmissionShape } from './contract.ts';

export const isSubmissionStatus = (value: unknown): value is SubmissionStatus =>
  SUBMISSION_STATUSES.includes(value as SubmissionStatus);

/** The user's submissions (those of one state when `only` says), newest first, each with the content an approval made. */
const ownSubmissions = (db: Db, userId: string, only?: SubmissionStatus) =>
  db
    .select({ submission: submissions, content: { _id: contents.id, name: contents.name, slug: contents.slug } })
    .from(submissions)
    .leftJoin(contents, eq(contents.id, submissions.contentId))
    .where(only ? and(eq(submissions.userId, userId), eq(submissions.status, only)) : eq(submissions.userId, userId))
    .orderBy(desc(submissions.createdAt), desc(submissions.id));

type OwnSubmissionRow = { submission: typeof submissions.$inferSelect; content: OwnSubmissionShape['content'] | null };

const toOwnSubmission = ({ submission: s, content }: OwnSubmissionRow): OwnSubmissionShape => ({
  _id: s.id,
  name: s.name,
  url: s.url,
  createdAt: s.createdAt.toISOString(),
  status: s.status,
  decidedAt: s.decidedAt?.toISOString() ?? null,
  content: s.status === 'approved' && content?._id ? content : null,
  rejectReason: s.rejectReason,
  rejectNote: s.rejectNote,
});

/** The user's submissions, newest first, ten a page; `status` (any input) filters to one state when it names one. */
export async function listOwnSubmissions(
  db: Db,
  userId: string,
  page: unknown,
  status?: unknown,
): Promise<OwnSubmissionListShape> {
  const only = isSubmissionStatus(status) ? status : undefined;
  const grouped = await db
    .select({ status: submissions.status, n: count() })
    .from(submissions)
    .where(eq(submissions.userId, userId))
    .groupBy(submissions.status);
  const counts = Object.fromEntries(
    SUBMISSION_STATUSES.map((s) => [s, grouped.find((g) => g.status === s)?.n ?? 0]),
  ) as Record<SubmissionStatus, number>;
  const p = paging(page, only ? counts[only] : counts.pending + counts.approved + counts.rejected);
  const rows = await ownSubmissions(db, userId, only).limit(ADMIN_PAGE_SIZE).offset(p.count);
  return { ...p, counts, ...(only ? { status: only } : {}), submissions: rows.map(toOwnSubmission) };
}

/** Every submission of the user, whatever its state (their data export). */
export async function allOwnSubmissions(db: Db, userId: string): Promise<OwnSubmissionShape[]> {
  return (await ownSubmissions(db, userId)).map(toOwnSubmission);
}

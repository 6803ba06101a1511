/** The admins' table of submissions: filtered, searched, sorted and paged by the server (decision 020). */
import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { invalid } from '../errors.ts';
import { paging } from '../paging.ts';
import { containsPattern, parseListQuery, type ListQuery } from '../validation/list-query.ts';
import { SUBMISSION_LIST } from './validation/submission-list.ts';
import { submissions, type SubmissionStatus } from '../schema.ts';
import { toApiSubmission } from './submissions.ts';
import type { SubmissionListShape } from './admin-contract.ts';

const SUBMISSION_SORTS = {
  created: submissions.createdAt,
  name: sql`${submissions.name} COLLATE NOCASE`,
  decided: submissions.decidedAt,
} as const;

/**
 * Which submissions a list or a bulk action over "all matching" means: `status` (pending unless given;
 * 'all' for every one), `search` in the name or the URL.
 */
function submissionsMatching(query: ListQuery<string, 'status'>): SQL | undefined {
  const status = query.filters.status ?? 'pending';
  const pattern = containsPattern(query.search);
  return and(
    status === 'all' ? undefined : eq(submissions.status, status as SubmissionStatus),
    query.search
      ? or(sql`${submissions.name} LIKE ${pattern} ESCAPE '\\'`, sql`${submissions.url} LIKE ${pattern} ESCAPE '\\'`)
      : undefined,
  );
}

/**
 * The admin's submissions table: by default the queue (pending, oldest first: first come, first reviewed);
 * `status` shows the decided ones too, `search` finds a name or URL, `sort` orders by submitted, name or
 * decided. The status with the submitted time is an index range (submissions_status_created_idx).
 */
export async function listSubmissions(
  db: Db,
  params: URLSearchParams | Record<string, string | undefined> = {},
): Promise<SubmissionListShape> {
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
export async function submissionIdsMatching(
  db: Db,
  params: URLSearchParams | Record<string, string | undefined>,
): Promise<string[]> {
  const query = parseListQuery(SUBMISSION_LIST, params);
  const direction = query.order === 'asc' ? asc : desc;
  const rows = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(submissionsMatching(query))
    .orderBy(direction(SUBMISSION_SORTS[query.sort]), direction(submissions.id))
    .limit(BULK_LIMIT + 1);
  if (rows.length > BULK_LIMIT)
    throw invalid(`More than ${BULK_LIMIT} submissions match: narrow the search or the status first`);
  return rows.map((r) => r.id);
}

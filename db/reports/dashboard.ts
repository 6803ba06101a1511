/** The admin dashboard's summary (docs/product.md#pages Dashboard, #the-rest-api `GET /api/dashboard/summary`), in one round trip of grouped counts. */
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { countBrokenLinks, linkFilterCount } from '../links/link-health.ts';
import type { DashboardSummaryShape } from './contract.ts';

/** Users and admins are counted apart, as the original's summary does: `numUsers` is the accounts that are not admins. */
export async function dashboardSummary(db: Db): Promise<DashboardSummaryShape> {
  const [totals, tags] = await db.batch([
    db.all<{ numContents: number; numUsers: number; numAdmins: number }>(sql`SELECT
      (SELECT count(*) FROM contents) AS numContents,
      (SELECT count(*) FROM users WHERE is_admin = 0) AS numUsers,
      (SELECT count(*) FROM users WHERE is_admin = 1) AS numAdmins`),
    db.all<{ kind: string; label: string; count: number }>(
      sql`SELECT kind, label, count(*) AS count FROM content_tags GROUP BY kind, value ORDER BY kind, count DESC, label`,
    ),
  ]);
  const t = (totals as Array<{ numContents: number; numUsers: number; numAdmins: number }>)[0]!;
  const of = (kind: string) =>
    (tags as Array<{ kind: string; label: string; count: number }>)
      .filter((r) => r.kind === kind)
      .map((r) => ({ _id: r.label, count: r.count }));
  const contentCategories = of('category');
  const contentTechStacks = of('techStack');
  const contentTypes = of('type');
  const brokenLinks = await countBrokenLinks(db);
  return {
    contents: [{ numContents: t.numContents }],
    users: [{ numUsers: t.numUsers }],
    admins: [{ numAdmins: t.numAdmins }],
    numCategory: contentCategories.length,
    numTechStack: contentTechStacks.length,
    numType: contentTypes.length,
    contentCategories,
    contentTechStacks,
    contentTypes,
    brokenLinks,
  };
}

/** What waits for an admin (docs/product.md#pages Dashboard: Needs attention). */
export interface NeedsAttention {
  /** Submissions waiting for review (the queue). */
  pendingSubmissions: number;
  /** Published contents whose current link users reported broken (the contents table's link=reported). */
  reportedLinks: number;
  /** Published contents whose link is broken (link=broken). */
  brokenLinks: number;
  /** Reviews users reported that no admin has dismissed or deleted yet (the reviews table's reported=yes). */
  reportedReviews: number;
}

/** What waits, in one statement: each count read through an index (tests/scale/query-plans.test.ts). */
export async function needsAttention(db: Db): Promise<NeedsAttention> {
  const [row] = await db.all<NeedsAttention>(sql`SELECT
    (SELECT count(*) FROM submissions WHERE status = 'pending') AS pendingSubmissions,
    (${linkFilterCount(db, 'reported')}) AS reportedLinks,
    (${linkFilterCount(db, 'broken')}) AS brokenLinks,
    (SELECT count(DISTINCT review_id) FROM review_reports) AS reportedReviews`);
  return {
    pendingSubmissions: row?.pendingSubmissions ?? 0,
    reportedLinks: row?.reportedLinks ?? 0,
    brokenLinks: row?.brokenLinks ?? 0,
    reportedReviews: row?.reportedReviews ?? 0,
  };
}

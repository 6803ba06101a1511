/** Link health: what the link checker found at each content's URL, and users' reports of broken links. */
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from '../accounts/schema.ts';
import { contents } from '../catalog/schema.ts';
import { createdAt } from '../columns.ts';

/**
 * What the link checker (db/links/link-check.ts) last found at a content's URL. `url` is the address it
 * checked: when the content's URL changes, the old findings no longer count. Broken means persistently
 * failing: at least 3 consecutive failures spread over at least 48 hours (`brokenSince`). A broken row
 * bumps the catalog version (a trigger in the migrations): the content page says so.
 */
export const linkChecks = sqliteTable(
  'link_checks',
  {
    contentId: text('content_id')
      .primaryKey()
      .references(() => contents.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    url: text('url').notNull(),
    checkedAt: integer('checked_at', { mode: 'timestamp_ms' }),
    /** The last answer's HTTP status; null when none came (refused, timed out, a redirect loop). */
    status: integer('status'),
    /** What went wrong, in words; null when the link works. */
    error: text('error'),
    /** Where the redirects led (the last URL asked). */
    finalUrl: text('final_url'),
    /** Where permanent redirects (301, 308) lead, when the link works there: an admin may accept it as the URL. */
    movedTo: text('moved_to'),
    /** Consecutive failures, and when the first of them was. */
    failures: integer('failures').notNull().default(0),
    firstFailureAt: integer('first_failure_at', { mode: 'timestamp_ms' }),
    brokenSince: integer('broken_since', { mode: 'timestamp_ms' }),
    /** The last time the link worked: reports made before it are settled. */
    okAt: integer('ok_at', { mode: 'timestamp_ms' }),
    /** When it should be checked next (`links check --only-due`, the schedule): sooner after a report, later after a 429. */
    dueAt: integer('due_at', { mode: 'timestamp_ms' }).notNull().default(sql`0`),
  },
  (t) => [index('link_checks_due_idx').on(t.dueAt), index('link_checks_broken_idx').on(t.brokenSince)],
);

/**
 * A user's report that a content's link is broken: one per user and content while the content keeps the
 * URL reported (`url`); a new URL may be reported again.
 */
export const linkReports = sqliteTable(
  'link_reports',
  {
    contentId: text('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.contentId, t.userId] })],
);

export type LinkCheck = typeof linkChecks.$inferSelect;

/**
 * What a content's own page said of it (schema.org JSON-LD or OpenGraph: provider, hours, skills…), read after
 * a link check found the page answering (db/links/page-facts.ts). Suggestions only: the admin accepts them into
 * the content's facts, which this never writes. `url` is the address read: a new URL is read again.
 */
export const contentPageFacts = sqliteTable('content_page_facts', {
  contentId: text('content_id')
    .primaryKey()
    .references(() => contents.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
  url: text('url').notNull(),
  /** The facts as the page gave them (db/outbound/course-facts.ts); null when it gave none. */
  facts: text('facts', { mode: 'json' }).$type<Record<string, unknown>>(),
  readAt: integer('read_at', { mode: 'timestamp_ms' }).notNull(),
});

/** Links users submit, waiting for an admin's decision. */
import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { Cost, Tag } from '../catalog/taxonomy.ts';
import type { RejectReason } from './validation/rejection.ts';
import { users } from '../accounts/schema.ts';
import { contents, factColumns, facetFieldColumns, type ProposedTag } from '../catalog/schema.ts';
import { createdAt } from '../columns.ts';
import type { SubmissionStatus } from './validation/statuses.ts';

export type { SubmissionStatus };

/**
 * Links users submit, kept after the decision: the queue is the pending ones; an approved one names the
 * content it became, a rejected one stays so its submitter can see what became of it.
 */
export const submissions = sqliteTable(
  'submissions',
  {
    id: text('id').primaryKey(),
    /** Who submitted it; null once that account is deleted (the link stays in the queue). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    url: text('url').notNull(),
    urlKey: text('url_key').notNull(),
    image: text('image').notNull().default(''),
    category: text('category', { mode: 'json' }).$type<Tag[]>().notNull().default(sql`'[]'`),
    techStack: text('tech_stack', { mode: 'json' }).$type<Tag[]>().notNull().default(sql`'[]'`),
    type: text('type', { mode: 'json' }).$type<Tag[]>().notNull().default(sql`'[]'`),
    ...facetFieldColumns(),
    /** Null when the submitter left it blank ("not given"): the admin decides, else the content default. */
    cost: text('cost').$type<Cost>(),
    hasCert: integer('has_cert', { mode: 'boolean' }),
    description: text('description').notNull().default(''),
    rating: real('rating').notNull().default(0),
    /** Tags the submitter named that are not ours yet: created, mapped or dropped by the admin who decides. */
    proposedTags: text('proposed_tags', { mode: 'json' }).$type<ProposedTag[]>().notNull().default(sql`'[]'`),
    status: text('status').$type<SubmissionStatus>().notNull().default('pending'),
    /** Who decided (the audit log's readable actor: an admin's email, a terminal user) and when. */
    decidedBy: text('decided_by'),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
    /** The content an approval made (null after that content is deleted). */
    contentId: text('content_id').references(() => contents.id, { onDelete: 'set null', onUpdate: 'cascade' }),
    /** Why it was rejected (one of a fixed set) and the moderator's words to the submitter; either may be missing. */
    rejectReason: text('reject_reason').$type<RejectReason>(),
    rejectNote: text('reject_note'),
    /** The page's own title (og:title or <title>), fetched when it was submitted; null when that failed. */
    pageTitle: text('page_title'),
    /**
     * The page's own description (og:description or meta description) and picture (og:image, else its icon:
     * the path of its copy stored here, never the page's address for it), fetched with its title: suggested to
     * the approving admin.
     */
    pageDescription: text('page_description'),
    pageImage: text('page_image'),
    createdAt: createdAt(),
    ...factColumns(),
    /** What the page's JSON-LD or OpenGraph says of the resource (provider, hours…), suggested to the approving admin. */
    pageFacts: text('page_facts', { mode: 'json' }).$type<Record<string, unknown>>(),
  },
  (t) => [
    // One pending submission per resource; decided ones may repeat (a link rejected once can come back).
    uniqueIndex('submissions_pending_url_key_unique').on(t.urlKey).where(sql`status = 'pending'`),
    index('submissions_url_key_idx').on(t.urlKey),
    index('submissions_status_created_idx').on(t.status, t.createdAt),
    // Every submission, whatever its status, in the order they came (the admin's "All").
    index('submissions_created_idx').on(t.createdAt),
    index('submissions_user_idx').on(t.userId),
  ],
);

export type Submission = typeof submissions.$inferSelect;

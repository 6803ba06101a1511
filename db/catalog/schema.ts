/**
 * The catalog: contents, the tags of the three kinds and which content carries which, and the catalog version
 * every cache checks.
 */
import { sql } from 'drizzle-orm';
import {
  blob,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
  type SQLiteColumn,
} from 'drizzle-orm/sqlite-core';
import { users } from '../accounts/schema.ts';
import type { Cost, Tag, TagKind } from './taxonomy.ts';
import { FACET_TABLE_COLUMNS, FIELD_FACETS, type ChoiceValue, type DURATIONS, type FieldKey } from './facets.ts';
import { createdAt } from '../columns.ts';
import type { TagStatus } from './validation/tags.ts';

const fieldColumn = <Value extends string>(name: string) => text(name).$type<Value>();
type FieldColumns = { [K in FieldKey]: ReturnType<typeof fieldColumn<ChoiceValue<K>>> };
/**
 * A nullable text column for each facet that is a field of its own (db/catalog/facets.ts FIELD_FACETS: level,
 * …), named by its entry: contents, drafts and submissions all have them. It holds one of the facet's
 * choices (what the validation lets in), typed so; null is "Not specified".
 */
export function facetFieldColumns(): FieldColumns {
  return Object.fromEntries(FIELD_FACETS.map((facet) => [facet.key, fieldColumn(facet.column)])) as FieldColumns;
}

/**
 * The facts that decide (db/catalog/validation/facts.ts), each nullable (null: not known), named as their
 * fields: contents, drafts and submissions all have them, last in each table.
 */
export function factColumns() {
  return {
    provider: text('provider'),
    hours: real('hours'),
    selfPaced: integer('self_paced', { mode: 'boolean' }),
    format: text('format'),
    skills: text('skills', { mode: 'json' }).$type<string[]>(),
    prerequisites: text('prerequisites'),
    lastUpdated: text('last_updated'),
    certificatePrice: text('certificate_price'),
  };
}

/** The columns named in FACET_TABLE_COLUMNS but the seq (the rowid, in every index already), in its order. */
function facetTableColumns<T extends Record<string, SQLiteColumn>>(table: T): [SQLiteColumn, ...SQLiteColumn[]] {
  const byName = new Map(Object.values(table).map((column) => [column.name, column]));
  return FACET_TABLE_COLUMNS.filter((name) => name !== 'seq').map((name) => byName.get(name)!) as [
    SQLiteColumn,
    ...SQLiteColumn[],
  ];
}

export const contents = sqliteTable(
  'contents',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    id: text('id').notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    url: text('url').notNull().default(''),
    /** Normalised URL (see db/catalog/urls.ts): the identity of a resource for duplicates and imports. Null while empty. */
    urlKey: text('url_key'),
    image: text('image').notNull().default(''),
    cost: text('cost').$type<Cost>().notNull().default('Free'),
    hasCert: integer('has_cert', { mode: 'boolean' }).notNull().default(false),
    description: text('description').notNull().default(''),
    /** Tags as shown (label/value lists); content_tags holds the same, indexed for filtering. */
    category: text('category', { mode: 'json' }).$type<Tag[]>().notNull().default(sql`'[]'`),
    techStack: text('tech_stack', { mode: 'json' }).$type<Tag[]>().notNull().default(sql`'[]'`),
    type: text('type', { mode: 'json' }).$type<Tag[]>().notNull().default(sql`'[]'`),
    ...facetFieldColumns(),
    /** Every tag label, space separated, for the full-text index. Kept by the content service. */
    tagLabels: text('tag_labels').notNull().default(''),
    /**
     * The content's tags as one text ('category=a,b;type=c'), kept with the tags: the in-memory facet table
     * reads every content's tag set from the covering index in one pass (db/catalog/search/facet-table.ts).
     */
    tagKey: text('tag_key').notNull().default(''),
    rating: real('rating').notNull().default(0),
    numReviews: integer('num_reviews').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
    ...factColumns(),
    /** The hours' band, the Duration facet's choice (db/catalog/facets.ts DURATIONS); null when the hours are not known. */
    duration: text('duration')
      .$type<(typeof DURATIONS)[number]['value']>()
      .generatedAlwaysAs(
        sql`CASE WHEN hours IS NULL THEN NULL WHEN hours < 10 THEN 'under-10' WHEN hours <= 50 THEN '10-50' ELSE '50-plus' END`,
        { mode: 'virtual' },
      ),
  },
  (t) => [
    uniqueIndex('contents_id_unique').on(t.id),
    uniqueIndex('contents_slug_unique').on(t.slug),
    uniqueIndex('contents_url_key_unique').on(t.urlKey),
    index('contents_created_idx').on(t.createdAt),
    index('contents_rating_idx').on(t.rating, t.numReviews),
    index('contents_cost_idx').on(t.cost),
    // The admin's contents table sorted by name (db/catalog/content-admin.ts sorts with NOCASE).
    index('contents_name_idx').on(sql`${t.name} COLLATE NOCASE`),
    // Covers what the in-memory facet table reads of every content (db/catalog/search/facet-table.ts): one pass
    // over this index, never the wide rows. Its columns are db/catalog/facets.ts's FACET_TABLE_COLUMNS.
    index('contents_facet_table_idx').on(...facetTableColumns(t)),
  ],
);

/**
 * The tags of each kind (TAG_KINDS) (docs/product.md#what-is-stored's lists are only the seed): a stable value (the label lowercased,
 * spaces as hyphens) and the label shown. A retired tag stays on the contents that carry it but is no
 * longer offered. content_tags holds which content carries which (by kind and value).
 */
export const tags = sqliteTable(
  'tags',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind').$type<TagKind>().notNull(),
    value: text('value').notNull(),
    label: text('label').notNull(),
    status: text('status').$type<TagStatus>().notNull().default('active'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tags_kind_value_unique').on(t.kind, t.value)],
);

/**
 * The values a tag had before it was renamed or merged away: old links (/search?category=old-value) answer
 * 301 to the tag's value now. Kept pointing at the current value through later renames and merges.
 */
export const tagAliases = sqliteTable(
  'tag_aliases',
  {
    kind: text('kind').$type<TagKind>().notNull(),
    value: text('value').notNull(),
    target: text('target').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.value] }), index('tag_aliases_target_idx').on(t.kind, t.target)],
);

/**
 * A tag a submitter proposed (not yet one of ours): it becomes a tag only when an admin approves it. An
 * approved submission keeps what became of each (`outcome`, and `tag`, the tag the content carries for it).
 */
export interface ProposedTag extends Tag {
  kind: TagKind;
  outcome?: 'created' | 'mapped' | 'attached' | 'dropped';
  tag?: Tag;
}

export const contentTags = sqliteTable(
  'content_tags',
  {
    contentId: text('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    kind: text('kind').$type<TagKind>().notNull(),
    value: text('value').notNull(),
    label: text('label').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.kind, t.value] }),
    index('content_tags_kind_value_idx').on(t.kind, t.value, t.contentId),
  ],
);

/**
 * The contents whose link the checker finds broken (db/links/), kept by triggers on its records (migration
 * 0045): Best Match ranks them last (decision 040). A table of the catalog's own, so the search reads no other
 * room's rows.
 */
export const brokenLinks = sqliteTable('broken_links', {
  contentSeq: integer('content_seq').primaryKey(),
});

/**
 * The catalog's change feed (decision 023): one row per change a catalog page or answer may show, written
 * by triggers in the same transaction as the change. `kind` is 'insert', 'update' or 'delete' of a content
 * (with its facet columns before and after, as JSON objects by column name: FACET_TABLE_COLUMNS of
 * db/catalog/facets.ts but the seq; decision 028), 'shown' (something only its own page shows: its link turned broken or back), 'tags' (a tag row),
 * 'retag' (a tag renamed or merged, on every content carrying it: `after` is [kind, from, into]) or 'reset'
 * (anything: every cache starts over). Every process applies the rows after the last one it saw, so each
 * cache drops or refreshes only what a change touched; `seq` is the catalog's version.
 */
export const catalogChanges = sqliteTable('catalog_changes', {
  seq: integer('seq').primaryKey({ autoIncrement: true }),
  kind: text('kind')
    .$type<'insert' | 'update' | 'delete' | 'shown' | 'tags' | 'retag' | 'reset' | 'list' | 'saved' | 'related'>()
    .notNull(),
  contentSeq: integer('content_seq'),
  before: text('before'),
  after: text('after'),
});

/**
 * The tag move a rename or merge is making, present only inside each of its transactions: while it holds a row,
 * updates of contents log no change each (tens of thousands of rows for a common tag), and its trigger logs the
 * one 'retag' change that stands for them all. A move goes in slices (tag-changes.ts): a slice's row is
 * `quiet`, and only the last transaction's logs the change.
 */
export const catalogRetag = sqliteTable('catalog_retag', {
  kind: text('kind').$type<TagKind>().notNull(),
  fromValue: text('from_value').notNull(),
  intoValue: text('into_value').notNull(),
  quiet: integer('quiet', { mode: 'boolean' }).notNull().default(false),
});

/**
 * The given pictures still to fetch: the condition of picture_fetches_given_due_idx, which a query can use only
 * when it says the same in its own text (SQLite cannot tell that bound values imply it, and then reads every
 * content instead: 0.67 s at a million).
 */
export const GIVEN_PICTURE_DUE = sql`source IS NOT NULL AND outcome IN ('pending', 'none')`;

/**
 * Each content's last try at a picture of its own (db/catalog/pictures.ts): when, and what came of it, so
 * the link checker asks a site again only after PICTURE_RETRY_DAYS, not at every check.
 */
export const pictureFetches = sqliteTable(
  'picture_fetches',
  {
    contentId: text('content_id')
      .primaryKey()
      .references(() => contents.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /**
     * 'og:image', 'icon' (the page's picture stored), 'given' (`source` stored), 'none' (nothing could be read:
     * asked again later), or 'pending' (`source` not asked yet).
     */
    outcome: text('outcome').$type<'og:image' | 'icon' | 'given' | 'none' | 'pending'>().notNull(),
    fetchedAt: integer('fetched_at', { mode: 'timestamp_ms' }).notNull(),
    /**
     * The image given by another site's address (an admin's edit, an approval, an import), fetched and kept
     * here rather than stored as the content's image; null: the page's own picture is asked for.
     */
    source: text('source'),
  },
  (t) => [
    // The given pictures to fetch, oldest try first (a pending one was never tried: 0).
    index('picture_fetches_given_due_idx').on(t.fetchedAt).where(GIVEN_PICTURE_DUE),
  ],
);

/** Small process-shared counters, e.g. 'catalog_version', bumped by triggers whenever contents or reviews change. */
export const meta = sqliteTable('meta', {
  key: text('key').primaryKey(),
  value: integer('value').notNull(),
});

export type Content = typeof contents.$inferSelect;
export type NewContent = typeof contents.$inferInsert;
export type TagRow = typeof tags.$inferSelect;

/**
 * Contents an admin created and has not yet completed ("Create Content" makes one): visible only in the
 * admin screens, never in the catalog. Saving one with every required field moves it into `contents`
 * (published) in one batch, so no public query ever has to filter drafts out.
 */
export const contentDrafts = sqliteTable(
  'content_drafts',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    url: text('url').notNull().default(''),
    image: text('image').notNull().default(''),
    cost: text('cost').$type<Cost>().notNull().default('Free'),
    hasCert: integer('has_cert', { mode: 'boolean' }).notNull().default(false),
    description: text('description').notNull().default(''),
    category: text('category', { mode: 'json' }).$type<Tag[]>().notNull().default(sql`'[]'`),
    techStack: text('tech_stack', { mode: 'json' }).$type<Tag[]>().notNull().default(sql`'[]'`),
    type: text('type', { mode: 'json' }).$type<Tag[]>().notNull().default(sql`'[]'`),
    ...facetFieldColumns(),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
    ...factColumns(),
  },
  (t) => [index('content_drafts_created_idx').on(t.createdAt)],
);

export const uploads = sqliteTable('uploads', {
  /** SHA-256 of the bytes, hex: the same image uploaded twice is stored once. */
  id: text('id').primaryKey(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  data: blob('data', { mode: 'buffer' }).notNull(),
  uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/**
 * An upload's bytes past its first part (db/catalog/upload-writer.ts): a libSQL server refuses one value of
 * about 4.8 MB, so an image is stored in parts, the first in `uploads.data` and the rest here, in order.
 */
export const uploadParts = sqliteTable(
  'upload_parts',
  {
    uploadId: text('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    /** 1 for the second part of the bytes, 2 for the third… */
    position: integer('position').notNull(),
    data: blob('data', { mode: 'buffer' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.position] })],
);

export type ContentDraft = typeof contentDrafts.$inferSelect;

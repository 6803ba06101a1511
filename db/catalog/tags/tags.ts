/**
 * The tags of the catalog as rows (decision 011): what forms offer, what filters list, what a content or a
 * submission may carry. Read once per catalog version (a change to the tags bumps it), shared by every
 * request until the next change.
 */
import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../client.ts';
import { conflict, invalid } from '../../errors.ts';
import { tagAliases, tags } from '../../schema.ts';
import { perTagKind, TAG_KINDS, toValue, type Tag, type TagKind } from '../taxonomy.ts';
import { auditEntry, type Actor } from '../../operations/audit.ts';
import { cachedRead } from '../search/cached-reads.ts';
import { declare } from '../search/deps.ts';
import { parseInput } from '../../validation/parse.ts';
import { tagInput, tagKind } from '../validation/tags.ts';
import { containsPattern, parseListQuery } from '../../validation/list-query.ts';
import { TAG_LIST } from '../validation/tag-list.ts';
import { paging } from '../../paging.ts';
import { creatingResolver } from './tag-resolver.ts';
import type { TagStatus } from '../validation/tags.ts';
import type { TagUsageListShape, TagUsageShape } from '../admin-contract.ts';

export type TagLists = Record<TagKind, Tag[]>;

export const parseTagKind = (kind: unknown): TagKind => parseInput(tagKind, kind);

interface LiveTags {
  /** The active tags of each kind, in the order they were added (docs/product.md#what-is-stored's first). */
  active: TagLists;
  /** Every tag, active or retired, by kind and value. */
  byValue: Record<TagKind, Map<string, { tag: Tag; active: boolean }>>;
  /** The values renamed or merged away, each to the value its tag has now. */
  movedTo: Record<TagKind, Map<string, string>>;
}

async function liveTags(db: Db): Promise<LiveTags> {
  return cachedRead(db, 'tags', async () => {
    declare({ tags: true });
    const [rows, aliases] = await Promise.all([
      db.select().from(tags).orderBy(asc(tags.id)),
      db.select().from(tagAliases),
    ]);
    const live: LiveTags = {
      active: perTagKind(() => []),
      byValue: perTagKind(() => new Map()),
      movedTo: perTagKind(() => new Map()),
    };
    for (const alias of aliases) live.movedTo[alias.kind]?.set(alias.value, alias.target);
    for (const row of rows) {
      if (!(TAG_KINDS as readonly string[]).includes(row.kind)) continue;
      const tag = { label: row.label, value: row.value };
      const active = row.status === 'active';
      live.byValue[row.kind].set(row.value, { tag, active });
      if (active) live.active[row.kind].push(tag);
    }
    return live;
  });
}

/** The tags offered in forms and filters, per kind. */
export async function listTags(db: Db): Promise<TagLists> {
  return (await liveTags(db)).active;
}

/**
 * The value a tag has now, read once: the value itself for a tag (active or retired), the new value for one
 * renamed or merged away (old links follow it), undefined for a value no tag ever had.
 */
export async function currentTagValues(db: Db): Promise<CurrentTagValue> {
  return currentOf(await liveTags(db));
}

export type CurrentTagValue = (kind: TagKind, value: string) => string | undefined;

const currentOf =
  ({ byValue, movedTo }: LiveTags): CurrentTagValue =>
  (kind, value) =>
    byValue[kind].has(value) ? value : movedTo[kind].get(value);

/**
 * What a search reads of the tags, in one read: the value each tag has now (its filters), and the active tags
 * with their labels (the filters its words name).
 */
export async function searchTags(db: Db): Promise<{ active: TagLists; current: CurrentTagValue }> {
  const live = await liveTags(db);
  return { active: live.active, current: currentOf(live) };
}

/** The tags an admin's write carries, as ours, and the new ones it must create in its own batch. */
export interface SettledTags<T> {
  data: T;
  created: Array<{ kind: TagKind; tag: Tag }>;
}

/**
 * The tags of an admin's write (an edit, an approval) as ours: each by its value, or the value it was
 * renamed or merged from; else folded as an import folds them (case, punctuation, plural, aliases: 'Go',
 * 'GO', 'Golang' → go) over every tag, retired ones too (an old content keeps its tags through an edit).
 * Each is stored with the tag's own label. One that matches none is new: admins manage the tags, so the
 * write creates it (`created`, for its batch: addTagStatements). `pending` are tags the same write
 * creates already (an approval's proposals): they match as ours. Only what cannot be a tag is refused.
 */
export async function settleAdminTags<T extends Record<TagKind, Tag[]>>(
  db: Db,
  data: T,
  pending: Array<{ kind: TagKind; tag: Tag }> = [],
): Promise<SettledTags<T>> {
  const live = await liveTags(db);
  const lists = Object.fromEntries(
    TAG_KINDS.map((kind) => [
      kind,
      [
        ...[...live.byValue[kind].values()].map(({ tag }) => tag),
        ...pending.filter((p) => p.kind === kind).map((p) => p.tag),
      ],
    ]),
  ) as Record<TagKind, Tag[]>;
  const resolver = creatingResolver(lists);
  const settled = { ...data };
  for (const kind of TAG_KINDS) {
    const tags: Tag[] = [];
    for (const given of data[kind]) {
      const tag = settleAdminTag(live, lists, resolver, kind, given);
      if (!tags.some((t) => t.value === tag.value)) tags.push(tag);
    }
    settled[kind] = tags as T[TagKind];
  }
  return { data: settled, created: resolver.created.filter(({ kind, tag }) => !live.byValue[kind].has(tag.value)) };
}

/** One tag of an admin's write as ours: by value (or the value it moved to), else folded, else made new. */
function settleAdminTag(
  live: LiveTags,
  lists: TagLists,
  resolver: ReturnType<typeof creatingResolver>,
  kind: TagKind,
  given: Tag,
): Tag {
  const value = live.byValue[kind].has(given.value) ? given.value : live.movedTo[kind].get(given.value);
  const exact =
    value === undefined
      ? undefined
      : (live.byValue[kind].get(value)?.tag ?? lists[kind].find((tag) => tag.value === value));
  const folded = exact ? { tag: exact } : resolver.resolve(kind, given.label);
  const match = 'tag' in folded ? folded : resolver.resolve(kind, given.value);
  const made = 'tag' in match ? match : resolver.create(kind, given.label);
  if (!('tag' in made)) throw invalid(`'${given.label.slice(0, 60)}' cannot be a ${kind}: ${made.refused}`);
  // A new label whose value a tag has already (folding told them apart: 'C--' and 'C') is that tag.
  return live.byValue[kind].get(made.tag.value)?.tag ?? made.tag;
}

// Column names spelled out with their tables: drizzle leaves them unqualified inside a select's fields,
// which in this correlated subquery would compare content_tags with itself.
const usedBy = sql<number>`(SELECT count(*) FROM content_tags ct WHERE ct.kind = "tags"."kind" AND ct.value = "tags"."value")`;

/** Every tag, active and retired, with its usage (the admin's view; its id the handle in /api/tags/{id}): one grouped read of the tag index. */
export async function listTagUsage(db: Db, kind?: TagKind): Promise<TagUsageShape[]> {
  return db
    .select({
      id: tags.id,
      kind: tags.kind,
      value: tags.value,
      label: tags.label,
      status: tags.status,
      contents: usedBy,
    })
    .from(tags)
    .where(kind ? eq(tags.kind, kind) : undefined)
    .orderBy(asc(tags.kind), asc(tags.id));
}

/**
 * The admin's tags table: `kind` and `status` filter, `search` finds a label or value containing the text;
 * sorted by when added (by kind, then id), label, or use (most used first). `kind=all` is every kind.
 */
export async function listTagsForAdmin(
  db: Db,
  params: URLSearchParams | Record<string, string | undefined> = {},
): Promise<TagUsageListShape> {
  const query = parseListQuery(TAG_LIST, params);
  const kind = query.filters.kind && query.filters.kind !== 'all' ? parseTagKind(query.filters.kind) : undefined;
  const pattern = containsPattern(query.search);
  const where = and(
    kind ? eq(tags.kind, kind) : undefined,
    query.filters.status ? eq(tags.status, query.filters.status as TagStatus) : undefined,
    query.search
      ? or(sql`${tags.label} LIKE ${pattern} ESCAPE '\\'`, sql`${tags.value} LIKE ${pattern} ESCAPE '\\'`)
      : undefined,
  );
  const p = paging(query.page, await db.$count(tags, where), query.pageSize);
  const direction = query.order === 'asc' ? asc : desc;
  const order =
    query.sort === 'label'
      ? [direction(sql`${tags.label} COLLATE NOCASE`), direction(tags.id)]
      : query.sort === 'used'
        ? [direction(usedBy), direction(tags.id)]
        : [direction(tags.kind), direction(tags.id)];
  const rows = await db
    .select({
      id: tags.id,
      kind: tags.kind,
      value: tags.value,
      label: tags.label,
      status: tags.status,
      contents: usedBy,
    })
    .from(tags)
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset(p.count);
  return { ...p, pageSize: query.pageSize, tags: rows };
}

/**
 * Adds a tag: its value by the usual rule (the label lowercased, spaces as hyphens). A label whose value a
 * tag of the kind already has is a 409 naming it.
 */
export async function addTag(db: Db, actor: Actor, kind: unknown, label: unknown): Promise<TagUsageShape> {
  const { kind: tagKind, label: clean } = parseInput(tagInput, { kind, label });
  const value = toValue(clean);
  const [existing] = await db
    .select()
    .from(tags)
    .where(and(eq(tags.kind, tagKind), eq(tags.value, value)));
  if (existing)
    throw conflict(
      `The ${tagKind} '${existing.label}' (${existing.value}) already exists${existing.status === 'retired' ? ', retired: restore it instead' : ''}`,
    );
  const [[inserted]] = await db.batch([
    db.insert(tags).values({ kind: tagKind, value, label: clean }).returning({ id: tags.id }),
    // A value renamed away before is a tag again: its old links stop leading elsewhere.
    db.delete(tagAliases).where(and(eq(tagAliases.kind, tagKind), eq(tagAliases.value, value))),
    auditEntry(db, actor, 'tag.create', { type: 'tag', id: `${tagKind}:${value}` }, { label: clean }),
  ]);
  return { id: inserted!.id, kind: tagKind, value, label: clean, status: 'active', contents: 0 };
}

/**
 * The statements that add a tag whose value the caller found free (the row and its 'tag.create' audit entry,
 * as addTag writes them), for the caller's own batch: an approval creates the tags a submission proposed
 * in the batch that approves it. A value taken meanwhile fails the batch on the unique (kind, value).
 */
export function addTagStatements(db: Db, actor: Actor, kind: TagKind, tag: Tag, details: Record<string, unknown> = {}) {
  return [
    db.insert(tags).values({ kind, value: tag.value, label: tag.label }),
    auditEntry(db, actor, 'tag.create', { type: 'tag', id: `${kind}:${tag.value}` }, { label: tag.label, ...details }),
  ] as const;
}

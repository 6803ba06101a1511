/**
 * The tags of the catalog as rows (decision 011): what forms offer, what filters list, what a content or a
 * submission may carry. Read once per catalog version (a change to the tags bumps it), shared by every
 * request until the next change.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { conflict, invalid } from '../errors.ts';
import { tags, type TagKind } from '../schema.ts';
import { TAG_KINDS, toValue, type Tag } from '../taxonomy.ts';
import { cleanText } from '../validation/text.ts';
import { auditEntry, type Actor } from './audit.ts';
import { cachedRead } from './catalog-cache.ts';

export type TagLists = Record<TagKind, Tag[]>;

interface LiveTags {
  /** The active tags of each kind, in the order they were added (SPEC §3's first). */
  active: TagLists;
  /** Every tag, active or retired, by kind and value. */
  byValue: Record<TagKind, Map<string, { tag: Tag; active: boolean }>>;
}

async function liveTags(db: Db): Promise<LiveTags> {
  return cachedRead(db, 'tags', async () => {
    const rows = await db.select().from(tags).orderBy(asc(tags.id));
    const live: LiveTags = { active: { category: [], techStack: [], type: [] }, byValue: { category: new Map(), techStack: new Map(), type: new Map() } };
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

/** A test of whether a value names a tag of its kind (active or retired: old links keep working), read once. */
export async function knownTags(db: Db): Promise<(kind: TagKind, value: string) => boolean> {
  const { byValue } = await liveTags(db);
  return (kind, value) => byValue[kind].has(value);
}

const KIND_NAMES: Record<TagKind, string> = { category: 'category', techStack: 'techStack', type: 'type' };

/**
 * The tags of a content or submission checked against the rows: each must be a tag of its kind (a retired
 * one too: an old content keeps its tags through an edit), and is stored with the tag's own label.
 * Refuses the first unknown one, naming it.
 */
export async function resolveTags<T extends Record<TagKind, Tag[]>>(db: Db, data: T): Promise<T> {
  const live = await liveTags(db);
  const resolved = { ...data };
  for (const kind of TAG_KINDS) {
    resolved[kind] = data[kind].map((tag) => {
      const found = live.byValue[kind].get(tag.value);
      if (!found) throw invalid(`Unknown ${KIND_NAMES[kind]} '${tag.label.slice(0, 60)}'`);
      return found.tag;
    }) as T[TagKind];
  }
  return resolved;
}

/** A tag with how many contents carry it (the admin's view). */
export interface TagUsage extends Tag {
  kind: TagKind;
  status: 'active' | 'retired';
  contents: number;
}

/** Every tag, active and retired, with its usage: one grouped read of the tag index. */
export async function listTagUsage(db: Db, kind?: TagKind): Promise<TagUsage[]> {
  // Column names spelled out with their tables: drizzle leaves them unqualified inside a select's fields,
  // which in this correlated subquery would compare content_tags with itself.
  const used = sql<number>`(SELECT count(*) FROM content_tags ct WHERE ct.kind = "tags"."kind" AND ct.value = "tags"."value")`;
  return db
    .select({ kind: tags.kind, value: tags.value, label: tags.label, status: tags.status, contents: used })
    .from(tags)
    .where(kind ? eq(tags.kind, kind) : undefined)
    .orderBy(asc(tags.kind), asc(tags.id));
}

/**
 * Adds a tag: its value by the usual rule (the label lowercased, spaces as hyphens). A label whose value a
 * tag of the kind already has is a 409 naming it.
 */
export async function addTag(db: Db, actor: Actor, kind: unknown, label: unknown): Promise<TagUsage> {
  if (!(TAG_KINDS as readonly unknown[]).includes(kind)) throw invalid(`The kind of a tag is one of ${TAG_KINDS.join(', ')}`);
  const clean = cleanText(typeof label === 'string' ? label : '').slice(0, 100);
  const value = toValue(clean);
  if (!/[\p{L}\p{N}]/u.test(clean)) throw invalid('A tag needs a label with a letter or a digit');
  const tagKind = kind as TagKind;
  const [existing] = await db.select().from(tags).where(and(eq(tags.kind, tagKind), eq(tags.value, value)));
  if (existing) throw conflict(`The ${tagKind} '${existing.label}' (${existing.value}) already exists`);
  await db.batch([
    db.insert(tags).values({ kind: tagKind, value, label: clean }),
    auditEntry(db, actor, 'tag.create', { type: 'tag', id: `${tagKind}:${value}` }, { label: clean }),
  ]);
  return { kind: tagKind, value, label: clean, status: 'active', contents: 0 };
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

/**
 * The tags of the catalog as rows (decision 011): what forms offer, what filters list, what a content or a
 * submission may carry. Read once per catalog version (a change to the tags bumps it), shared by every
 * request until the next change.
 */
import { asc } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { invalid } from '../errors.ts';
import { tags, type TagKind } from '../schema.ts';
import { TAG_KINDS, type Tag } from '../taxonomy.ts';
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

/** Whether `value` names a tag of `kind` (active or retired: old links keep working). */
export async function isKnownTag(db: Db, kind: TagKind, value: string): Promise<boolean> {
  return (await liveTags(db)).byValue[kind].has(value);
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

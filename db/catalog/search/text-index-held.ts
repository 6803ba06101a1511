/**
 * The word index of the catalog as it is now (decision 040): read once, then kept by the change feed like the
 * facet table and the suggestions (decision 023). A content inserted, edited in its text or deleted is put in
 * apart from the build; past REBUILD_SHARE of the catalog (an import), or on a tag renamed, the index is
 * built again. A review, which moves no word, costs nothing.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../client.ts';
import { contents } from '../../schema.ts';
import { catalogVersion, changesSince, type CatalogChange } from './changes.ts';
import { TextIndex, type IndexedText } from './text-index.ts';

/** Contents written since the build, as a share of the catalog (and at least REBUILD_MIN), before building again. */
const REBUILD_SHARE = 0.02;
const REBUILD_MIN = 500;

interface Held {
  version: number;
  index: TextIndex;
  applying?: Promise<void> | undefined;
}

/** Per database, shared by every copy of this module in the process (the server's and Astro's bundle's). */
const held = ((globalThis as Record<symbol, unknown>)[Symbol.for('skillshelf.textIndex')] ??= new WeakMap<Db, Promise<Held>>()) as WeakMap<Db, Promise<Held>>;
let builds = 0;
/** How many times this process built the index from every content (a test checks that reviews cause none). */
export const textIndexBuilds = () => builds;

const TEXT_COLUMNS = { seq: contents.seq, name: contents.name, tagLabels: contents.tagLabels, description: contents.description };

async function build(db: Db): Promise<Held> {
  builds++;
  const version = await catalogVersion(db);
  const rows: IndexedText[] = await db.select(TEXT_COLUMNS).from(contents);
  return { version, index: new TextIndex(rows) };
}

/** Whether a change may move a content's words: an insert, a delete, an edit of its text. */
const movesWords = (change: CatalogChange) => change.kind === 'insert' || change.kind === 'delete' || (change.kind === 'update' && change.textChanged);
/** Whether a change rewrote words of contents it does not name (a tag renamed or merged, a reset). */
const movesUnnamed = (change: CatalogChange) => change.kind === 'retag' || change.kind === 'reset' || change.kind === 'tags';

async function apply(db: Db, entry: Held, changes: readonly CatalogChange[]): Promise<void> {
  const touched = new Set<number>();
  for (const change of changes) if (change.contentSeq !== null && movesWords(change)) touched.add(change.contentSeq);
  if (touched.size === 0) return;
  const rows = await db
    .select(TEXT_COLUMNS)
    .from(contents)
    .where(inArray(contents.seq, [...touched]));
  const found = new Map(rows.map((row) => [row.seq, row]));
  for (const seq of touched) entry.index.replace(seq, found.get(seq) ?? null);
}

/** The index for the catalog as it is now: the held one with the changes since applied, or built again. */
export async function currentTextIndex(db: Db): Promise<TextIndex> {
  const version = await catalogVersion(db);
  let pending = held.get(db);
  if (!pending) {
    pending = build(db);
    held.set(db, pending);
    pending.catch(() => held.get(db) === pending && held.delete(db));
  }
  const entry = await pending;
  while (entry.applying) await entry.applying;
  if (entry.version >= version) return entry.index;
  const changes = changesSince(db, entry.version);
  const rebuild =
    !changes || changes.some(movesUnnamed) || entry.index.replaced.size + changes.length > Math.max(REBUILD_MIN, REBUILD_SHARE * entry.index.size);
  if (rebuild) {
    const again = build(db);
    held.set(db, again);
    return (await again).index;
  }
  const reached = changes.at(-1)?.seq ?? version;
  entry.applying = apply(db, entry, changes)
    .then(() => {
      entry.version = Math.max(entry.version, reached);
    })
    .finally(() => {
      entry.applying = undefined;
    });
  await entry.applying;
  return entry.index;
}

/** Builds the index ahead of the first search (a server calls it once it listens). */
export async function prepareTextIndex(db: Db): Promise<void> {
  await currentTextIndex(db);
}

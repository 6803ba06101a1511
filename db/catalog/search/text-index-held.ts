/**
 * The word index of the catalog as it is now (decision 040): read once, then kept by the change feed like the
 * facet table (decision 023). A content inserted, edited in its text or deleted is put in
 * apart from the build; past REBUILD_SHARE of the catalog (an import), or on a tag renamed, the index is
 * built again. A review, which moves no word, costs nothing.
 */
import { gt, inArray } from 'drizzle-orm';
import { processFileOf, type Db } from '../../client.ts';
import { brokenLinks, contents } from '../../schema.ts';
import type { CatalogChange } from './changes.ts';
import { followFeed } from './follows-feed.ts';
import { buildTextIndex, TextIndex, type IndexedText, type IndexParts } from './text-index.ts';
import { startThread, threadFile } from '../../threads.ts';

/** Contents written since the build, as a share of the catalog (and at least REBUILD_MIN), before building again. */
const REBUILD_SHARE = 0.02;
const REBUILD_MIN = 500;

let builds = 0;
/** How many times this process built the index from every content (a test checks that reviews cause none). */
export const textIndexBuilds = () => builds;

const TEXT_COLUMNS = {
  seq: contents.seq,
  name: contents.name,
  tagLabels: contents.tagLabels,
  description: contents.description,
};

/** Whether a change may move a content's words: an insert, a delete, an edit of its text. */
const movesWords = (change: CatalogChange) =>
  change.kind === 'insert' || change.kind === 'delete' || (change.kind === 'update' && change.textChanged);
/** Whether a change rewrote words of contents it does not name (a tag renamed or merged, a reset). */
const movesUnnamed = (change: CatalogChange) =>
  change.kind === 'retag' || change.kind === 'reset' || change.kind === 'tags';

/** Contents read a page at a time, in seq order: one statement over the whole catalog held the event loop too. */
const PAGE_ROWS = 2_000;
async function* pagesOf(db: Db): AsyncIterable<IndexedText[]> {
  for (let after = 0; ; ) {
    const page = await db
      .select(TEXT_COLUMNS)
      .from(contents)
      .where(gt(contents.seq, after))
      .orderBy(contents.seq)
      .limit(PAGE_ROWS);
    if (page.length) yield page;
    if (page.length < PAGE_ROWS) return;
    after = page.at(-1)!.seq;
  }
}

/**
 * The index's parts built in a worker thread (text-index-worker.ts) from the process's database file: the
 * build's garbage (a gigabyte at a million contents) stays on the worker's heap, freed when it ends, and the
 * 30 s of CPU of that build leave this thread's requests alone.
 */
function partsFromWorker(path: string): Promise<IndexParts> {
  const worker = startThread(threadFile('catalog/search/text-index-worker.ts'), {
    workerData: { path, pageRows: PAGE_ROWS },
  });
  return new Promise<IndexParts>((resolve, reject) => {
    worker.once('message', (parts: IndexParts) => resolve(parts));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The word index worker ended (${code}) before its index`)));
  });
}

/** A content whose link turned broken or back, or whose URL changed: read whether it is broken now. */
async function applyBrokenLinks(db: Db, index: TextIndex, changes: readonly CatalogChange[]): Promise<void> {
  const shown = new Set<number>();
  for (const change of changes)
    if (change.contentSeq !== null && (change.kind === 'shown' || change.kind === 'update'))
      shown.add(change.contentSeq);
  if (shown.size === 0) return;
  const broken = new Set(
    (
      await db
        .select()
        .from(brokenLinks)
        .where(inArray(brokenLinks.contentSeq, [...shown]))
    ).map((row) => row.contentSeq),
  );
  for (const seq of shown) {
    if (broken.has(seq)) index.broken.add(seq);
    else index.broken.delete(seq);
  }
}

/** The index for the catalog as it is now, kept by the feed. */
export const currentTextIndex = followFeed<TextIndex>({
  name: 'textIndex',
  build: async (db) => {
    builds++;
    const path = processFileOf(db);
    const index = path ? new TextIndex(await partsFromWorker(path)) : await buildTextIndex(pagesOf(db));
    for (const { contentSeq } of await db.select().from(brokenLinks)) index.broken.add(contentSeq);
    return index;
  },
  apply: async (db, index, changes) => {
    await applyBrokenLinks(db, index, changes);
    const touched = new Set<number>();
    for (const change of changes) if (change.contentSeq !== null && movesWords(change)) touched.add(change.contentSeq);
    if (touched.size === 0) return;
    const rows = await db
      .select(TEXT_COLUMNS)
      .from(contents)
      .where(inArray(contents.seq, [...touched]));
    const found = new Map(rows.map((row) => [row.seq, row]));
    for (const seq of touched) index.replace(seq, found.get(seq) ?? null);
  },
  rebuildFor: (index, changes) =>
    changes.some(movesUnnamed) ||
    index.replaced.size + changes.length > Math.max(REBUILD_MIN, REBUILD_SHARE * index.size),
});

/** Builds the index ahead of the first search (a server calls it once it listens). */
export async function prepareTextIndex(db: Db): Promise<void> {
  await currentTextIndex(db);
}

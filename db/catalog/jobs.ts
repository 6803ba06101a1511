/** The catalog's background jobs (db/background-jobs.ts starts them). */
import type { Db } from '../client.ts';
import type { BackgroundJob } from '../operations/background-loop.ts';
import { returnUnusedMemory } from '../operations/unused-memory.ts';
import { startPictureFetching } from './pictures.ts';
import { facetTable } from './search/facet-table.ts';
import { prepareTextIndex } from './search/text-index-held.ts';
import { prepareSearchHelper } from './search/search-helper.ts';

/**
 * What searches hold in memory, built ahead of the first that needs it, one after the other and the facet
 * table first: every catalog page (the home page too) needs it, while the word index serves only searches
 * with words. Built side by side at a million contents, the word index (30 s of CPU) starved the facet
 * table, and the first page took 18 s; in this order the first page waits for the facet table alone.
 */
export const SEARCH_WARM_UPS: ReadonlyArray<{ name: string; build: (db: Db) => Promise<unknown> }> = [
  { name: 'facet table', build: facetTable },
  { name: 'word index', build: prepareTextIndex },
  // On a large catalog, the thread that takes its share of each search (search/search-helper.ts).
  { name: 'search helper', build: async (db) => prepareSearchHelper((await facetTable(db)).size) },
];

/**
 * Builds each of SEARCH_WARM_UPS in turn; a failure leaves that one to the first search that needs it. Then, on
 * a large catalog, hands back the heap the builds grew and do not keep (../operations/unused-memory.ts).
 */
export async function warmUpSearch(
  db: Db,
  failed: (error: unknown) => void,
  built: (name: string) => void = () => {},
): Promise<void> {
  for (const { name, build } of SEARCH_WARM_UPS) {
    await build(db).catch(failed);
    built(name);
  }
  try {
    const { size } = await facetTable(db);
    if (size >= HAND_BACK_FROM_CONTENTS) await returnUnusedMemory();
  } catch (error) {
    failed(error);
  }
}

/**
 * From this many contents, the heap the warm-ups grew is handed back once they are done, in one pause of the
 * whole heap. At a million contents: 1.31 GB resident before, 1.13 GB after, 0.93–0.96 GB after the bench's
 * reads (1.13–1.17 GB without it), for a pause of 1.0 s on a busy machine; at 100k contents 0.27 s for 150 MB,
 * where the server holds less than 500 MB anyway.
 */
const HAND_BACK_FROM_CONTENTS = 250_000;

export const CATALOG_JOBS: BackgroundJob[] = [
  { name: 'Fetching given pictures', start: (db) => startPictureFetching(db) },
  // Built ahead of the first search, in the background: requests are answered meanwhile.
  { name: 'Preparing search', start: (db, failed) => void warmUpSearch(db, failed) },
];

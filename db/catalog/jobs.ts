/** The catalog's background jobs (db/background-jobs.ts starts them). */
import type { Db } from '../client.ts';
import type { BackgroundJob } from '../operations/background-loop.ts';
import { startPictureFetching } from './pictures.ts';
import { facetTable } from './search/facet-table.ts';
import { prepareTextIndex } from './search/text-index-held.ts';

/**
 * What searches hold in memory, built ahead of the first that needs it, one after the other and the facet
 * table first: every catalog page (the home page too) needs it, while the word index serves only searches
 * with words. Built side by side at a million contents, the word index (30 s of CPU) starved the facet
 * table, and the first page took 18 s; in this order the first page waits for the facet table alone.
 */
export const SEARCH_WARM_UPS: ReadonlyArray<{ name: string; build: (db: Db) => Promise<unknown> }> = [
  { name: 'facet table', build: facetTable },
  { name: 'word index', build: prepareTextIndex },
];

/** Builds each of SEARCH_WARM_UPS in turn; a failure leaves that one to the first search that needs it. */
export async function warmUpSearch(
  db: Db,
  failed: (error: unknown) => void,
  built: (name: string) => void = () => {},
): Promise<void> {
  for (const { name, build } of SEARCH_WARM_UPS) {
    await build(db).catch(failed);
    built(name);
  }
}

export const CATALOG_JOBS: BackgroundJob[] = [
  { name: 'Fetching given pictures', start: (db) => startPictureFetching(db) },
  // Built ahead of the first search, in the background: requests are answered meanwhile.
  { name: 'Preparing search', start: (db, failed) => void warmUpSearch(db, failed) },
];

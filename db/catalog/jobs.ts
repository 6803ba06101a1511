/** The catalog's background jobs (db/background-jobs.ts starts them). */
import type { BackgroundJob } from '../operations/background-loop.ts';
import { startPictureFetching } from './pictures.ts';
import { prepareSuggestions } from './search/suggestions.ts';
import { prepareTextIndex } from './search/text-index-held.ts';

export const CATALOG_JOBS: BackgroundJob[] = [
  { name: 'Fetching given pictures', start: (db) => startPictureFetching(db) },
  // Built ahead of the first search, in the background: requests are answered meanwhile, and a failure leaves
  // the build to the first search that needs it.
  { name: 'Preparing suggestions', start: (db, failed) => void prepareSuggestions(db).catch(failed) },
  { name: 'Preparing the word index', start: (db, failed) => void prepareTextIndex(db).catch(failed) },
];

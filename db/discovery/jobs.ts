/** Discovery's background jobs (db/background-jobs.ts starts them). */
import type { BackgroundJob } from '../operations/background-loop.ts';
import { startCoSaveCounting } from './co-saves.ts';
import { startSaveCountAging } from './most-saved.ts';

export const DISCOVERY_JOBS: BackgroundJob[] = [
  { name: "Aging the month's save counts", start: startSaveCountAging },
  { name: 'Counting co-saved pairs', start: startCoSaveCounting },
];

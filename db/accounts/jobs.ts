/** The accounts room's background jobs (db/background-jobs.ts starts them). */
import type { BackgroundJob } from '../operations/background-loop.ts';
import { startAccountHousekeeping } from './account-traces.ts';
import { startResetWorker } from './password-resets.ts';

export const ACCOUNT_JOBS: BackgroundJob[] = [
  { name: 'Answering password resets', start: startResetWorker },
  { name: 'Sweeping what deleted accounts left', start: startAccountHousekeeping },
];

/** The shelf's background jobs (db/background-jobs.ts starts them). */
import type { BackgroundJob } from '../operations/background-loop.ts';
import { startDigestSender } from './digest.ts';

export const SHELF_JOBS: BackgroundJob[] = [{ name: 'Sending the weekly digests', start: startDigestSender }];

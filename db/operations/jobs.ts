/** The operations room's background jobs (db/background-jobs.ts starts them). */
import type { BackgroundJob } from './background-loop.ts';
import { startMailSender } from './mail-sender.ts';

export const OPERATIONS_JOBS: BackgroundJob[] = [{ name: 'Sending mail', start: startMailSender }];

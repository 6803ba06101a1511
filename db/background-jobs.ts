/**
 * Every background job a server process runs beside its requests, gathered from the rooms that register them
 * (each room's jobs.ts), so that adding a job touches its room only: the HTTP server starts and stops them all.
 */
import { startCheckpointer } from './checkpoints.ts';
import { processDatabasePath, type Db } from './client.ts';
import { ACCOUNT_JOBS } from './accounts/jobs.ts';
import { CATALOG_JOBS } from './catalog/jobs.ts';
import { DISCOVERY_JOBS } from './discovery/jobs.ts';
import type { BackgroundJob } from './operations/background-loop.ts';
import { OPERATIONS_JOBS } from './operations/jobs.ts';
import { SHELF_JOBS } from './shelf/jobs.ts';

export const BACKGROUND_JOBS: readonly BackgroundJob[] = [
  ...OPERATIONS_JOBS,
  ...ACCOUNT_JOBS,
  ...SHELF_JOBS,
  ...DISCOVERY_JOBS,
  ...CATALOG_JOBS,
];

/**
 * Starts the checkpoints (off the event loop, decision 034), then every job; a job that fails, to start or
 * once started, is reported to `failed` with its name, and the others go on.
 */
export async function startBackgroundJobs(
  db: Db,
  failed: (error: unknown, job: string) => void,
  jobs: readonly BackgroundJob[] = BACKGROUND_JOBS,
): Promise<Array<{ stop(): Promise<void> }>> {
  // Without the checkpoint worker, commits checkpoint as SQLite does by default: slower, but whole.
  const checkpointer = await startCheckpointer(db, processDatabasePath()).catch(
    (error: unknown) => void failed(error, 'Starting checkpoints'),
  );
  const started = jobs.map((job) => {
    try {
      return job.start(db, (error) => failed(error, job.name));
    } catch (error) {
      failed(error, job.name);
      return undefined;
    }
  });
  return [...started, checkpointer].filter((job): job is { stop(): Promise<void> } => job !== undefined);
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../tests/setup/db.ts';
import { BACKGROUND_JOBS, startBackgroundJobs } from './background-jobs.ts';
import type { BackgroundJob } from './operations/background-loop.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

describe('the background jobs', () => {
  it('are every room’s, each named once', () => {
    const names = BACKGROUND_JOBS.map((job) => job.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining(['Sending mail', 'Answering password resets', 'Counting co-saved pairs']),
    );
  });

  it('start the others when one fails to start, and report each failure with its job’s name', async () => {
    const failures: Array<[string, string]> = [];
    let stopped = 0;
    const jobs: BackgroundJob[] = [
      {
        name: 'Breaking at once',
        start: () => {
          throw new Error('no start');
        },
      },
      { name: 'Failing later', start: (_db, failed) => void failed(new Error('a failed warm-up')) },
      { name: 'Running', start: () => ({ stop: async () => void stopped++ }) },
    ];
    const running = await startBackgroundJobs(
      t.db,
      (error, job) => failures.push([job, (error as Error).message]),
      jobs,
    );
    expect(failures).toEqual([
      ['Breaking at once', 'no start'],
      ['Failing later', 'a failed warm-up'],
    ]);
    await Promise.all(running.map((job) => job.stop()));
    expect(stopped).toBe(1);
  });
});

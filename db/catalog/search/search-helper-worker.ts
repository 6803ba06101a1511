/**
 * The search's helper thread (search-helper.ts): takes chunks of the jobs the request's thread posts, and
 * marks or tallies them in the shared arrays the job names, with the same code that thread runs.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { tallyChunk, type TallyJob } from './counts.ts';
import { markPassing, type PassingJob } from './filters.ts';
import { markBuild, postingListsOf, type MarkJob } from './first-pass.ts';
import { countHelperChunk, takeChunks } from './search-helper.ts';

const { control } = workerData as { control: Int32Array };

type Job = MarkJob | TallyJob | PassingJob;

function runner(job: Job): (chunk: number) => number {
  let first = true;
  if (job.kind === 'passing')
    return (chunk) => {
      countHelperChunk(control, first);
      first = false;
      return markPassing(job, chunk);
    };
  if (job.kind === 'mark') {
    const lists = postingListsOf(job.lists);
    const { marks, steps, fields, bounds } = job;
    return (chunk) => {
      countHelperChunk(control, first);
      first = false;
      return markBuild(marks, lists, steps, fields, bounds[chunk]!, bounds[chunk + 1]!);
    };
  }
  return (chunk) => {
    // The helper's tally holds this job's rows only: cleared before its first chunk.
    if (first) job.helperTally.fill(0);
    countHelperChunk(control, first);
    first = false;
    return tallyChunk(job, job.helperTally, chunk);
  };
}

parentPort!.on('message', ({ generation, job }: { generation: number; job: Job }) => {
  takeChunks(control, generation, runner(job));
});
parentPort!.postMessage('ready');

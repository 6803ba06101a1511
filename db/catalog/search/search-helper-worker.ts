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

/** The job's own work on one chunk. */
function chunkWork(job: Job): (chunk: number) => number {
  if (job.kind === 'passing') return (chunk) => markPassing(job, chunk);
  if (job.kind === 'tally') return (chunk) => tallyChunk(job, job.helperTally, chunk);
  const lists = postingListsOf(job.lists);
  const { marks, steps, fields, bounds } = job;
  return (chunk) => markBuild(marks, lists, steps, fields, bounds[chunk]!, bounds[chunk + 1]!);
}

/** Each chunk this thread takes of the job, counted; a tally's own array is cleared before its first. */
function runner(job: Job): (chunk: number) => number {
  const work = chunkWork(job);
  let first = true;
  return (chunk) => {
    if (first && job.kind === 'tally') job.helperTally.fill(0);
    countHelperChunk(control, first);
    first = false;
    return work(chunk);
  };
}

parentPort!.on('message', ({ generation, job }: { generation: number; job: Job }) => {
  takeChunks(control, generation, runner(job));
});
parentPort!.postMessage('ready');

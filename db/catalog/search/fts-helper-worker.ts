/** The full-text helper's thread (fts-helper.ts): runs the statements it is sent on a read connection of its own. */
import { parentPort, workerData } from 'node:worker_threads';
import { PreparedReads } from '../../prepared-reads.ts';

export interface HelperRequest {
  id: number;
  sql: string;
  args: unknown[];
}
/** 'ready' once its connection is open (a file it cannot open ends the thread instead), then an answer per request. */
export type HelperAnswer = 'ready' | { id: number; row: unknown[] } | { id: number; error: string };

const { path, busyTimeoutMs } = workerData as { path: string; busyTimeoutMs: number };
const reads = new PreparedReads(path, busyTimeoutMs);

parentPort!.on('message', ({ id, sql, args }: HelperRequest) => {
  let answer: HelperAnswer;
  try {
    answer = { id, row: reads.row(sql, args) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(answer);
});
parentPort!.postMessage('ready' satisfies HelperAnswer);

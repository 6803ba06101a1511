/** The full-text helper's thread (fts-helper.ts): runs the statements it is sent on a read connection of its own. */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'libsql';

export interface HelperRequest {
  id: number;
  sql: string;
  args: unknown[];
}
export type HelperAnswer = { id: number; row: unknown[] } | { id: number; error: string };

const { path, busyTimeoutMs } = workerData as { path: string; busyTimeoutMs: number };
const connection = new Database(path, { readonly: true, timeout: busyTimeoutMs });
// The statements are the few shapes fts-helper.ts writes, each prepared once.
const statements = new Map<string, Database.Statement>();

parentPort!.on('message', ({ id, sql, args }: HelperRequest) => {
  let answer: HelperAnswer;
  try {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = connection.prepare(sql).raw()));
    answer = { id, row: (statement.get(...args) as unknown[] | undefined) ?? [] };
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(answer);
});

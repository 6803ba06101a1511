/**
 * Checkpoints off the event loop (docs/decisions/034). SQLite copies the write-ahead log back into the
 * database file at a checkpoint, and syncs the file: by default the commit that fills the log past 1,000
 * pages does it, on the connection that wrote — here the server's one thread, where it stopped every request
 * for 50–170 ms at 100k contents (a review writes about 13 pages, so one review in 80 paid for it). A server
 * process turns that off on its client and checkpoints from a worker thread with a connection of its own:
 * PASSIVE checkpoints take no lock that a writer or reader waits on, so requests never wait for the disk.
 */
import { startThread } from './threads.ts';
import type { Db } from './client.ts';

/** How often the worker checkpoints: the log stays within what a second of writes adds. */
const EVERY_MS = 500;

export interface Checkpointer {
  /** Log pages the worker has copied into the database file so far. */
  pagesCopied(): number;
  stop(): Promise<void>;
}

/**
 * Starts checkpointing `db`'s file from a worker, when it is a local file (a libSQL server or an embedded
 * replica checkpoints on its own). Call once per process, with the process's client.
 */
export async function startCheckpointer(db: Db, path: string | undefined): Promise<Checkpointer | undefined> {
  if (db.$client.protocol !== 'file' || !path || path === ':memory:') return undefined;
  const worker = startThread(new URL('./checkpoints-worker.ts', import.meta.url), {
    workerData: { path, everyMs: EVERY_MS },
  });
  let copied = 0;
  worker.on('message', (pages: number) => (copied += pages));
  worker.on('error', (error) => console.error('The checkpoint worker stopped:', error));
  // A worker that failed to start leaves the commits to checkpoint, as SQLite does by default.
  worker.once('exit', () => void db.$client.execute('PRAGMA wal_autocheckpoint = 1000').catch(() => {}));
  await new Promise<void>((resolve, reject) => {
    worker.once('online', resolve);
    worker.once('error', reject);
  });
  // It runs as long as the process does, and keeps no process alive by itself.
  worker.unref();
  await db.$client.execute('PRAGMA wal_autocheckpoint = 0');
  return {
    pagesCopied: () => copied,
    stop: async () => {
      worker.removeAllListeners('exit');
      await worker.terminate();
    },
  };
}

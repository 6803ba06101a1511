/**
 * Builds the word index's parts (text-index.ts) in a worker thread of its own, from its own connection to
 * the database file, and hands them to the thread that asked, the typed arrays shared or moved rather than copied.
 * Tokenising a million contents leaves a gigabyte of garbage on a heap: this thread's heap goes with it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'libsql';
import { buildIndexParts, type IndexedText } from './text-index.ts';

const { path, pageRows } = workerData as { path: string; pageRows: number };
const connection = new Database(path, { readonly: true, timeout: 10_000 });
const page = connection.prepare(
  'SELECT seq, name, tag_labels AS tagLabels, description FROM contents WHERE seq > ? ORDER BY seq LIMIT ?',
);

async function* pages(): AsyncIterable<IndexedText[]> {
  for (let after = 0; ; ) {
    const rows = page.all(after, pageRows) as IndexedText[];
    if (rows.length) yield rows;
    if (rows.length < pageRows) return;
    after = rows.at(-1)!.seq;
  }
}

const parts = await buildIndexParts(pages());
connection.close();
// The postings are over shared memory (shared-arrays.ts): handed over as they are; the rest is moved.
const moved = Object.values(parts).flatMap((value) =>
  ArrayBuffer.isView(value) && value.buffer instanceof ArrayBuffer ? [value.buffer] : [],
);
parentPort!.postMessage(parts, moved);

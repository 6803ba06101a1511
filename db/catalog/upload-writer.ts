/**
 * Writes an image's bytes into the uploads table. On the process's local database file, SQLite writes a 5 MB
 * row to its log synchronously: 55–460 ms on this machine, all of it on the event loop. There the row is
 * written from a thread with a connection of its own, and the server goes on answering meanwhile. On a
 * libSQL server or an embedded replica the write is a network request already, made by the client.
 */
import type { Db } from '../client.ts';
import { processFileOf } from '../client.ts';
import { config } from '../config.ts';
import { uploads } from '../schema.ts';
import { startThread, threadFile } from '../threads.ts';

export interface UploadRow {
  /** SHA-256 of the bytes, hex. */
  id: string;
  mimeType: string;
  /** Handed to the thread, not copied: the caller's view is empty afterwards. */
  data: Uint8Array;
  uploadedBy: string | null;
}

/** Stores the row once per id (the same bytes uploaded twice are stored once). */
export async function writeUpload(db: Db, row: UploadRow): Promise<void> {
  const path = processFileOf(db);
  if (!path) {
    await db
      .insert(uploads)
      .values({ ...row, size: row.data.byteLength, data: Buffer.from(row.data) })
      .onConflictDoNothing();
    return;
  }
  await writeOffThread(path, row);
}

function writeOffThread(path: string, row: UploadRow): Promise<void> {
  const own = row.data.byteOffset === 0 && row.data.byteLength === row.data.buffer.byteLength;
  const data = own ? row.data : new Uint8Array(row.data);
  return new Promise((resolve, reject) => {
    const worker = startThread(threadFile('catalog/upload-writer-worker.ts'), {
      workerData: { path, busyTimeoutMs: config().DATABASE_BUSY_TIMEOUT, row: { ...row, data } },
      transferList: [data.buffer as ArrayBuffer],
    });
    worker.once('message', (answer: { written: true } | { error: string }) =>
      'error' in answer ? reject(new Error(`The upload was not stored: ${answer.error}`)) : resolve(),
    );
    worker.once('error', reject);
    worker.once('exit', () => reject(new Error('The upload was not stored: its thread ended')));
  });
}

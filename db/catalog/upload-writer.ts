/**
 * Writes an image's bytes into the uploads table. On the process's local database file, SQLite writes a 5 MB
 * row to its log synchronously: 55–460 ms on this machine, all of it on the event loop. There the row is
 * written from a thread with a connection of its own, and the server goes on answering meanwhile. On a
 * libSQL server the write is a network request already, made by the client, which encodes it on the event
 * loop: there each part goes in a request of its own (writePartByPart).
 *
 * The bytes are stored in parts of UPLOAD_PART_BYTES, the first in `uploads.data` and the rest in
 * `upload_parts`: a libSQL server refuses a single value of about 4.8 MB ("string or blob too big"), and answers
 * at most 10 MB at once, where a 5 MB image travels as 6.7 MB of base64.
 */
import type { InArgs } from '@libsql/client';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { processFileOf } from '../client.ts';
import { config } from '../config.ts';
import { untilNotBusy } from '../remote-client.ts';
import { uploadParts, uploads } from '../schema.ts';
import { startThread, threadFile } from '../threads.ts';

export const UPLOAD_PART_BYTES = 1024 * 1024;

/** The bytes cut into the parts they are stored in, without copying them. */
export function partsOf(data: Uint8Array): Buffer[] {
  const parts: Buffer[] = [];
  for (let start = 0; start === 0 || start < data.byteLength; start += UPLOAD_PART_BYTES) {
    const end = Math.min(start + UPLOAD_PART_BYTES, data.byteLength);
    parts.push(Buffer.from(data.buffer, data.byteOffset + start, end - start));
  }
  return parts;
}

/** The statements that store an upload once per id: its row with the first part, then the other parts. */
export function uploadStatements(db: Db, row: UploadRow) {
  const [first, ...rest] = partsOf(row.data);
  return [
    db
      .insert(uploads)
      .values({ ...row, size: row.data.byteLength, data: first! })
      .onConflictDoNothing(),
    ...rest.map((data, i) =>
      db
        .insert(uploadParts)
        .values({ uploadId: row.id, position: i + 1, data })
        .onConflictDoNothing(),
    ),
  ] as const;
}

/** An upload's bytes, its parts joined in order; undefined when there is no such upload. */
export async function readUploadBytes(db: Db, id: string): Promise<{ mimeType: string; data: Buffer } | undefined> {
  const [row] = await db
    .select({ mimeType: uploads.mimeType, size: uploads.size, data: uploads.data })
    .from(uploads)
    .where(eq(uploads.id, id));
  if (!row) return undefined;
  if (row.data.byteLength >= row.size) return { mimeType: row.mimeType, data: row.data };
  const rest = await db
    .select({ data: uploadParts.data })
    .from(uploadParts)
    .where(eq(uploadParts.uploadId, id))
    .orderBy(asc(uploadParts.position));
  return { mimeType: row.mimeType, data: Buffer.concat([row.data, ...rest.map((part) => part.data)]) };
}

export interface UploadRow {
  /** SHA-256 of the bytes, hex. */
  id: string;
  mimeType: string;
  /** Handed to the thread, not copied: the caller's view is empty afterwards. */
  data: Uint8Array;
  uploadedBy: string | null;
}

/**
 * Below this size a row is written on the event loop: a few milliseconds, where a thread costs more to start
 * (60 small uploads, each through a thread of its own, took 30 s on a busy machine; 0.7 s written in place). 5 MB took 55–460 ms, so 256 KB about 3–23.
 */
const WRITTEN_IN_PLACE_BYTES = 256 * 1024;

/** Stores the row once per id (the same bytes uploaded twice are stored once). */
export async function writeUpload(db: Db, row: UploadRow): Promise<void> {
  const path = processFileOf(db);
  if (row.data.byteLength <= WRITTEN_IN_PLACE_BYTES) await writeInOneBatch(db, row);
  else if (path) await writeFromThread(path, row);
  else if (isOverHttp(db)) await writePartByPart(db, row);
  else await writeInOneBatch(db, row);
}

async function writeInOneBatch(db: Db, row: UploadRow): Promise<void> {
  const [first, ...rest] = uploadStatements(db, row);
  await db.batch([first, ...rest]);
}

/** Whether the client sends its statements to a libSQL server as JSON (an embedded replica's go natively). */
const isOverHttp = (db: Db): boolean => db.$client.protocol !== 'file';

/**
 * On a libSQL server, one part a request, in one write transaction: the client encodes a request whole on the
 * event loop (5 MB as one batch held it about 100 ms, its JSON and that text's bytes), a part at a time a
 * fifth of that each, and the image is stored whole or not at all.
 */
async function writePartByPart(db: Db, row: UploadRow): Promise<void> {
  const statements = uploadStatements(db, row).map((statement) => statement.toSQL());
  await untilNotBusy(async () => {
    const transaction = await db.$client.transaction('write');
    try {
      for (const { sql, params } of statements) await transaction.execute({ sql, args: params as InArgs });
      await transaction.commit();
    } finally {
      transaction.close();
    }
  }, config().DATABASE_BUSY_TIMEOUT);
}

/** Writes the upload into the database file at `path` from a thread with a connection of its own. */
export function writeFromThread(path: string, row: UploadRow): Promise<void> {
  const own = row.data.byteOffset === 0 && row.data.byteLength === row.data.buffer.byteLength;
  const data = own ? row.data : new Uint8Array(row.data);
  return new Promise((resolve, reject) => {
    const worker = startThread(threadFile('catalog/upload-writer-worker.ts'), {
      workerData: { path, busyTimeoutMs: config().DATABASE_BUSY_TIMEOUT, row: { ...row, data } },
      transferList: [data.buffer as ArrayBuffer],
      // The bytes are outside its heap, and it writes one row: a small heap, not a thread's default reserve.
      resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 48 },
    });
    worker.once('message', (answer: { written: true } | { error: string }) =>
      'error' in answer ? reject(new Error(`The upload was not stored: ${answer.error}`)) : resolve(),
    );
    worker.once('error', reject);
    worker.once('exit', () => reject(new Error('The upload was not stored: its thread ended')));
  });
}

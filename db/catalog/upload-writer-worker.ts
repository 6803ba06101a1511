/** The thread of upload-writer.ts: one image written on a connection of its own, then the thread ends. */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'libsql';
import type { UploadRow } from './upload-writer.ts';

const { path, busyTimeoutMs, row } = workerData as { path: string; busyTimeoutMs: number; row: UploadRow };
let connection: Database.Database | undefined;
try {
  connection = new Database(path, { timeout: busyTimeoutMs });
  connection
    .prepare(
      `INSERT INTO uploads (id, mime_type, size, data, uploaded_by, created_at)
       VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    )
    .run(
      row.id,
      row.mimeType,
      row.data.byteLength,
      Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength),
      row.uploadedBy,
      Date.now(),
    );
  parentPort!.postMessage({ written: true });
} catch (error) {
  parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) });
} finally {
  connection?.close();
}

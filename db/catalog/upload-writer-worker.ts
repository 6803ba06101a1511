/** The thread of upload-writer.ts: one image written on a connection of its own, then the thread ends. */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'libsql';
import { partsOf, type UploadRow } from './upload-writer.ts';

const { path, busyTimeoutMs, row } = workerData as { path: string; busyTimeoutMs: number; row: UploadRow };
let connection: Database.Database | undefined;
try {
  connection = new Database(path, { timeout: busyTimeoutMs });
  const insertUpload = connection.prepare(
    `INSERT INTO uploads (id, mime_type, size, data, uploaded_by, created_at)
     VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
  );
  const insertPart = connection.prepare(
    'INSERT INTO upload_parts (upload_id, position, data) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
  );
  const [first, ...rest] = partsOf(row.data);
  connection.transaction(() => {
    insertUpload.run(row.id, row.mimeType, row.data.byteLength, first, row.uploadedBy, Date.now());
    for (const [i, part] of rest.entries()) insertPart.run(row.id, i + 1, part);
  })();
  parentPort!.postMessage({ written: true });
} catch (error) {
  parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) });
} finally {
  connection?.close();
}

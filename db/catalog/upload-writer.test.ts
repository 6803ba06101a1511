import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../tests/setup/db.ts';
import { uploads } from '../schema.ts';
import { readUploadBytes, UPLOAD_PART_BYTES, writeFromThread, writeUpload } from './upload-writer.ts';

let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
});
afterEach(() => t.close());

const upload = (id: string, data: Uint8Array) => ({ id, mimeType: 'image/png', data, uploadedBy: null });

const fileOf = (url: string) => url.slice('file:'.length);

describe('an upload stored in parts', () => {
  it('reads back byte for byte, whether it fills one part, a few, or ends on a part boundary', async () => {
    for (const size of [1, UPLOAD_PART_BYTES, UPLOAD_PART_BYTES + 1, 3 * UPLOAD_PART_BYTES]) {
      const bytes = randomBytes(size);
      await writeUpload(t.db, upload(`client-${size}`, new Uint8Array(bytes)));
      await writeFromThread(fileOf(t.url), upload(`thread-${size}`, new Uint8Array(bytes)));
      expect((await readUploadBytes(t.db, `client-${size}`))?.data.equals(bytes)).toBe(true);
      expect((await readUploadBytes(t.db, `thread-${size}`))?.data.equals(bytes)).toBe(true);
    }
    expect(await readUploadBytes(t.db, 'never-uploaded')).toBeUndefined();
  });

  it('fails with a clear error when the thread cannot write, and leaves no row behind', async () => {
    // A database the thread cannot finish writing to: the second part has nowhere to go.
    await t.db.run(sql`DROP TABLE upload_parts`);
    await expect(writeFromThread(fileOf(t.url), upload('half', new Uint8Array(2 * UPLOAD_PART_BYTES)))).rejects.toThrow(
      /^The upload was not stored: no such table: upload_parts/,
    );
    expect(await t.db.select({ id: uploads.id }).from(uploads)).toEqual([]);
  });
});

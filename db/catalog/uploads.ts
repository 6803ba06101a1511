/**
 * Image uploads, stored in the database under the SHA-256 of their bytes (decision: several app servers
 * share them through the same database; the same image uploaded twice is stored once).
 */
import { createHash } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { publicUrl } from '../config.ts';
import { AppError, invalid, notFound } from '../errors.ts';
import { uploads } from '../schema.ts';
import { hitLimit } from '../operations/rate-limit.ts';
import { readUploadBytes, writeUpload } from './upload-writer.ts';
import type { UploadShape } from './admin-contract.ts';

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

const KINDS = [
  { mimeType: 'image/png', extension: 'png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mimeType: 'image/gif', extension: 'gif', magic: [0x47, 0x49, 0x46, 0x38] },
  { mimeType: 'image/jpeg', extension: 'jpg', magic: [0xff, 0xd8, 0xff] },
] as const;

/** What the bytes are (by their magic numbers, never the file name or declared type), or undefined. */
export function detectImage(bytes: Uint8Array) {
  return KINDS.find((kind) => kind.magic.every((byte, i) => bytes[i] === byte));
}

/**
 * Stores an image (once per content hash). Answers its absolute `url` on this site (PUBLIC_URL), which a
 * client on another origin can show, and its `path`; a content saved with either stores the path.
 */
export async function saveUpload(db: Db, bytes: Uint8Array, uploadedBy: string | null): Promise<UploadShape> {
  if (bytes.byteLength === 0) throw invalid('The file is empty');
  if (bytes.byteLength > UPLOAD_MAX_BYTES) throw new AppError('TOO_LARGE', 'Images must be at most 5 MB');
  const kind = detectImage(bytes);
  if (!kind) throw invalid('Only PNG, GIF and JPEG images can be uploaded');
  if (uploadedBy) await hitLimit(db, 'RATE_LIMIT_UPLOAD_USER', uploadedBy);
  const id = createHash('sha256').update(bytes).digest('hex');
  await writeUpload(db, { id, mimeType: kind.mimeType, data: bytes, uploadedBy });
  const path = `/uploads/${id}.${kind.extension}`;
  return { url: `${publicUrl()}${path}`, path };
}

/** The images a user uploaded, newest first, as their data export lists them (where each is served, never its bytes). */
export async function listOwnUploads(
  db: Db,
  userId: string,
): Promise<Array<{ path: string; mimeType: string; size: number; uploadedAt: string }>> {
  const rows = await db
    .select({ id: uploads.id, mimeType: uploads.mimeType, size: uploads.size, createdAt: uploads.createdAt })
    .from(uploads)
    .where(eq(uploads.uploadedBy, userId))
    .orderBy(desc(uploads.createdAt));
  return rows.map((row) => ({
    path: `/uploads/${row.id}.${KINDS.find((kind) => kind.mimeType === row.mimeType)?.extension ?? 'bin'}`,
    mimeType: row.mimeType,
    size: row.size,
    uploadedAt: row.createdAt.toISOString(),
  }));
}

export async function getUpload(db: Db, id: string): Promise<{ mimeType: string; data: Buffer }> {
  if (!/^[0-9a-f]{64}$/.test(id)) throw notFound('Image not found');
  const upload = await readUploadBytes(db, id);
  if (!upload) throw notFound('Image not found');
  return upload;
}

/**
 * The uploadImage operation (POST /api/upload), as multipart/form-data (field `file`) → the image's path on this site. The JSON client
 * (site/lib/api.ts) sends JSON only, so this is its multipart sibling: same bearer token, same errors.
 */
import { ApiError, pathOf } from '#site/lib/api.ts';
import { userInfo } from '#site/stores/session.ts';

/** The server's own limit (db/catalog/uploads.ts), checked here first so a huge file is not sent at all. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_ACCEPT = 'image/png,image/gif,image/jpeg';

export async function uploadImage(file: File): Promise<string> {
  if (file.size > UPLOAD_MAX_BYTES) throw new ApiError('Images must be at most 5 MB', 413);
  const body = new FormData();
  body.append('file', file);
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = userInfo.get()?.token;
  if (token) headers.authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(pathOf('uploadImage'), { method: 'POST', headers, body, credentials: 'same-origin' });
  } catch (error) {
    throw new ApiError(error instanceof Error ? error.message : String(error), 0);
  }
  const reply = (await response.json().catch(() => null)) as {
    url?: unknown;
    path?: unknown;
    message?: unknown;
    code?: unknown;
  } | null;
  if (!response.ok) {
    const message =
      typeof reply?.message === 'string' && reply.message
        ? reply.message
        : response.statusText || `Upload failed with status ${response.status}`;
    throw new ApiError(message, response.status, typeof reply?.code === 'string' ? reply.code : undefined);
  }
  // Our own form keeps the path (the server stores a path either way); `url` is for clients on other origins.
  if (typeof reply?.path === 'string') return reply.path;
  if (typeof reply?.url !== 'string')
    throw new ApiError('The server did not return the image address', response.status);
  return reply.url;
}

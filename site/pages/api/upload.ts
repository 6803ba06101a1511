import { getDb } from '#db/client.ts';
import { AppError } from '#db/errors.ts';
import { saveUpload, UPLOAD_MAX_BYTES } from '#db/catalog/uploads.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireAdmin } from '#site/lib/server/guards.ts';
import { json, readMultipartFile } from '#site/lib/server/http.ts';

/** POST multipart/form-data with the image in the field `file` → { url }. Admins only (the edit content form). */
export const POST = endpoint(async (context) => {
  const admin = requireAdmin(context);
  const bytes = await readMultipartFile(context.request, 'file', UPLOAD_MAX_BYTES);
  if (!bytes) throw new AppError('VALIDATION', "Send the image as multipart/form-data in the field 'file'");
  return json(await saveUpload(await getDb(), bytes, admin.id), 201);
});

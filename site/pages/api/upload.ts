import { AppError } from '#db/errors.ts';
import { saveUpload, UPLOAD_MAX_BYTES } from '#db/catalog/uploads.ts';
import { handle } from '#site/lib/server/handle.ts';
import { readMultipartFile } from '#site/lib/server/http.ts';

/** POST multipart/form-data with the image in the field `file` → { url }. Admins only (the edit content form). */
export const POST = handle('uploadImage', async ({ db, user, context }) => {
  const bytes = await readMultipartFile(context.request, 'file', UPLOAD_MAX_BYTES);
  if (!bytes) throw new AppError('VALIDATION', "Send the image as multipart/form-data in the field 'file'");
  return saveUpload(db, bytes, user.id);
});

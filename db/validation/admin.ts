/** What admins send: the user edit form and the content / submission edit forms. */
import { singleLine, z } from './zod.ts';
import { contentInput, imageRef } from './contents.ts';
import { formBoolean } from './form-values.ts';
import { email } from './users.ts';

export const adminUserInput = z.object({
  name: singleLine('Name is required').min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  email,
  isAdmin: formBoolean('isAdmin must be true or false'),
});
export type AdminUserInput = z.infer<typeof adminUserInput>;

/**
 * docs/product.md §5: on the edit content form name, slug, url, image and description are all required. A content
 * without an image of its own comes with its generated tile's URL (db/images.ts), which is a valid image
 * here, so fixing a typo never means uploading a picture first.
 */
export const adminContentInput = contentInput.extend({
  image: imageRef.refine((v) => v !== '', 'Image is required'),
});
export type AdminContentInput = z.infer<typeof adminContentInput>;

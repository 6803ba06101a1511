import { createEmptyContent } from '#db/catalog/content-admin.ts';
import { handle } from '#site/lib/server/handle.ts';

/**
 * docs/product.md#how-things-change: an empty content (a draft) to edit next; the body, if any, is ignored. Clients read it as
 * `content` (with the message); its fields also stay at the top level for callers that read `_id` there.
 */
export const POST = handle('createDraft', async ({ db, actor }) => {
  const content = await createEmptyContent(db, actor);
  return { ...content, message: 'new content created successfully', content };
});

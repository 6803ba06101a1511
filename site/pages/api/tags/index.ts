import { addTag } from '#db/catalog/tags/tags.ts';
import { handle } from '#site/lib/server/handle.ts';

/** `{kind, label}`: a new tag, offered at once in forms and filters. */
export const POST = handle('createTag', async ({ db, actor, body }) => {
  const { kind, label } = body as { kind?: unknown; label?: unknown };
  const tag = await addTag(db, actor, kind, label);
  return { ...tag, message: `The ${tag.kind} '${tag.label}' was added` };
});

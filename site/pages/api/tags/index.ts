import { getDb } from '#db/client.ts';
import { addTag } from '#db/catalog/tags/tags.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireAdminActor } from '#site/lib/server/guards.ts';
import { json, readJson } from '#site/lib/server/http.ts';

/** `{kind, label}`: a new tag, offered at once in forms and filters. */
export const POST = endpoint(async (context) => {
  const actor = requireAdminActor(context);
  const body = ((await readJson(context.request)) ?? {}) as { kind?: unknown; label?: unknown };
  const tag = await addTag(await getDb(), actor, body.kind, body.label);
  return json({ ...tag, message: `The ${tag.kind} '${tag.label}' was added` }, 201);
});

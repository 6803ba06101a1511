/**
 * /api/users/saves/{id}. Astro allows one dynamic file per folder, so the id names two things:
 * - GET: the saves of the user {id} (the user themself or an admin);
 * - PUT / DELETE: the caller saves / unsaves the content {id}. Unlike the toggle (POST /api/users/save),
 *   they say which state is wanted, so a retry or a double click cannot flip it back. PUT's optional body
 *   `{savedAt}` restores a removed save in its place (Undo).
 * Each answers `{numSaves, saves}`.
 */
import { getDb } from '#db/client.ts';
import { readSaves, saveContent, unsaveContent } from '#db/shelf/saves.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireUser } from '#site/lib/server/guards.ts';
import { readJson } from '#site/lib/server/http.ts';

export const GET = endpoint(async (context) => readSaves(await getDb(), requireUser(context), context.params.id ?? ''));

export const PUT = endpoint(async (context) => {
  const user = requireUser(context);
  return saveContent(await getDb(), user.id, context.params.id ?? '', await readJson(context.request, { allowEmpty: true }));
});

export const DELETE = endpoint(async (context) => unsaveContent(await getDb(), requireUser(context).id, context.params.id ?? ''));

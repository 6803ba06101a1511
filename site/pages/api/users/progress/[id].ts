/**
 * /api/users/progress/{id}: PUT `{state}` (want, learning or done) marks the content {id}, and saves it when
 * Learning or Done; DELETE clears the mark. Each answers the caller's progress and saves.
 */
import { getDb } from '#db/client.ts';
import { clearProgress, markProgress } from '#db/shelf/progress.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireUser } from '#site/lib/server/guards.ts';
import { readJson } from '#site/lib/server/http.ts';

export const PUT = endpoint(async (context) => {
  const user = requireUser(context);
  return markProgress(await getDb(), user.id, context.params.id ?? '', await readJson(context.request));
});

export const DELETE = endpoint(async (context) => clearProgress(await getDb(), requireUser(context).id, context.params.id ?? ''));

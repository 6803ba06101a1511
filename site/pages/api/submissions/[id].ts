import { getDb } from '#db/client.ts';
import { approveSubmission, getSubmission, rejectSubmission } from '#db/services/submissions.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireAdmin, requireAdminActor } from '#site/lib/server/guards.ts';
import { json, readJson } from '#site/lib/server/http.ts';

export const GET = endpoint(async (context) => {
  requireAdmin(context);
  return getSubmission(await getDb(), context.params.id ?? '');
});

/** Approves: the content is created from the posted (edited) fields; an empty body approves as submitted. */
export const POST = endpoint(async (context) => {
  const actor = requireAdminActor(context);
  const content = await approveSubmission(await getDb(), actor, context.params.id ?? '', await readJson(context.request, { allowEmpty: true }));
  return json({ message: 'Submission is approved', content }, 201);
});

export const DELETE = endpoint(async (context) => {
  const actor = requireAdminActor(context);
  return rejectSubmission(await getDb(), actor, context.params.id ?? '');
});

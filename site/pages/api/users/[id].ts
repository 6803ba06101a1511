import { getDb } from '#db/client.ts';
import { getUserForAdmin, updateUserByAdmin } from '#db/accounts/user-admin.ts';
import { deleteUserByAdmin } from '#db/account-data/account-deletion.ts';
import { endpoint } from '#site/lib/server/endpoint.ts';
import { requireAdmin, requireAdminActor } from '#site/lib/server/guards.ts';
import { readJson } from '#site/lib/server/http.ts';

export const GET = endpoint(async (context) => {
  requireAdmin(context);
  return getUserForAdmin(await getDb(), context.params.id ?? '');
});

export const PUT = endpoint(async (context) => {
  const actor = requireAdminActor(context);
  return updateUserByAdmin(await getDb(), actor, context.params.id ?? '', await readJson(context.request));
});

export const DELETE = endpoint(async (context) => {
  const actor = requireAdminActor(context);
  return deleteUserByAdmin(await getDb(), actor, context.params.id ?? '');
});

/**
 * An endpoint as one operation of the contract and one handler (docs/architecture.md, "Adding an endpoint"):
 * `export const PUT = handle('changeReview', ({ db, user, params, body }) => changeReview(db, user, params.id, body))`.
 * The operation says who may call it (checked here, on the server), which route parameters it names and what
 * body it takes (read here, within the JSON limits; the service validates it with the schema the operation
 * names) and what it answers: the handler's return is typed as that answer, so a wrong shape does not
 * compile, and it is sent with the operation's status (200 or 201), revalidatable when the operation is, with
 * any headers the handler added (a cache-control of its own). A handler may return a Response of its own (a
 * file, a redirect, a stream); cookies it sets through Astro's context go with either. Every thrown error
 * becomes the same JSON reply (db/errors.ts → http.ts).
 */
import type { APIContext, APIRoute } from 'astro';
import { getDb, type Db } from '#db/client.ts';
import {
  OPERATIONS,
  type AnswerOf,
  type OperationId,
  type OperationOf,
  type ParamsOf,
} from '#db/contract/operations.ts';
import type { SessionUser } from '#db/accounts/sessions.ts';
import type { Actor } from '#db/operations/audit.ts';
import { requireAdmin, requireUser } from './guards.ts';
import { errorToResponse, json, readJson, revalidatableJson } from './http.ts';

/** The caller: always there for an operation of users or admins, perhaps there for a public one. */
type CallerOf<Id extends OperationId> = OperationOf<Id>['access'] extends 'public' | 'session'
  ? SessionUser | undefined
  : SessionUser;

export interface Call<Id extends OperationId> {
  db: Db;
  user: CallerOf<Id>;
  /** The admin as the audit log records them (an admin operation's only). */
  actor: OperationOf<Id>['access'] extends 'admin' ? Actor : undefined;
  params: ParamsOf<Id>;
  /** The JSON body as sent: undefined when the operation takes none, {} when an optional one was left out. */
  body: unknown;
  /** Astro's context: the request, the URL's query, cookies, locals. */
  context: APIContext;
  /** Headers the answer carries beside, or instead of, its own (not a Response the handler returns). */
  headers: Headers;
}

/** The route's parameters as Astro matched them; a route parameter is never missing where its file matched. */
function routeParams(route: string, context: APIContext): Record<string, string> {
  const names = [...route.matchAll(/\[(\w+)\]/g)].map((match) => match[1]!);
  return Object.fromEntries(names.map((name) => [name, context.params[name] ?? '']));
}

function caller(access: string, context: APIContext): SessionUser | undefined {
  if (access === 'admin') return requireAdmin(context);
  if (access === 'user') return requireUser(context);
  return context.locals.user ?? undefined;
}

export function handle<Id extends OperationId>(
  id: Id,
  handler: (call: Call<Id>) => Promise<AnswerOf<Id> | Response> | AnswerOf<Id> | Response,
): APIRoute {
  const operation = OPERATIONS[id] as OperationOf<Id> & { body?: unknown; revalidatable?: true };
  const jsonBody = typeof operation.body === 'object' ? (operation.body as { optional?: boolean }) : undefined;
  return async (context) => {
    try {
      const user = caller(operation.access, context);
      const actor =
        operation.access === 'admin' && user ? { kind: 'user' as const, id: user.id, email: user.email } : undefined;
      const body = jsonBody ? await readJson(context.request, { allowEmpty: jsonBody.optional === true }) : undefined;
      const params = routeParams(operation.route, context) as ParamsOf<Id>;
      const headers = new Headers();
      const answer = await handler({
        db: await getDb(),
        user: user as CallerOf<Id>,
        actor: actor as Call<Id>['actor'],
        params,
        body,
        context,
        headers,
      });
      if (answer instanceof Response) return answer;
      const reply = operation.revalidatable
        ? revalidatableJson(context.request, answer)
        : json(answer, operation.ok.status);
      for (const [name, value] of headers) reply.headers.set(name, value);
      return reply;
    } catch (error) {
      return errorToResponse(error);
    }
  };
}

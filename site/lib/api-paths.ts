/**
 * The address of a REST operation, by its name: its route from the generated table (api-routes.ts), each route
 * parameter encoded, and the query. Imports no state, so the server's middleware may use it as the browser does.
 */
import type { BodyOf, OperationId, ParamsOf } from '#db/contract/operations.ts';
import { ROUTES } from './api-routes.ts';

/** A query string's values as a page has them: absent ones are left out, a list repeats its name. */
export type QueryValues = Record<string, string | number | boolean | readonly string[] | undefined>;

export interface CallOptions<Id extends OperationId> {
  params?: ParamsOf<Id>;
  body?: BodyOf<Id>;
  query?: QueryValues | URLSearchParams | string;
}

/** The options a call must give: the route's parameters when it names any. */
export type CallArguments<Id extends OperationId> = keyof ParamsOf<Id> extends never
  ? [options?: CallOptions<Id>]
  : [options: CallOptions<Id> & { params: ParamsOf<Id> }];

function queryString(query: CallOptions<OperationId>['query']): string {
  if (query === undefined) return '';
  if (typeof query === 'string') return query.replace(/^\?/, '');
  if (query instanceof URLSearchParams) return query.toString();
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) search.append(name, String(one));
  }
  return search.toString();
}

/** The address of an operation: its route with each parameter encoded, and the query if any. */
export function pathOf<Id extends OperationId>(id: Id, ...[options]: CallArguments<Id>): string {
  const params = (options?.params ?? {}) as Record<string, string>;
  const path = ROUTES[id][1].replace(/\[(\w+)\]/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const query = queryString(options?.query);
  return query ? `${path}?${query}` : path;
}

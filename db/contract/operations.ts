/**
 * Every operation of the REST API, gathered from the rooms' contracts (db/<room>/contract.ts: each room's
 * answer shapes and operations), with the reference's own. db/contract/openapi.ts turns this list into the
 * OpenAPI document, ordered by group (GROUPS, db/contract/operation.ts) whatever the order here; a test
 * checks that every endpoint file is here, and the API tests validate responses against it.
 */
import { z } from '../validation/zod.ts';
import type { Operation, RouteParams } from './operation.ts';
import * as kit from './shapes.ts';
import * as accounts from '../accounts/contract.ts';
import * as accountData from '../account-data/contract.ts';
import * as catalog from '../catalog/contract.ts';
import * as catalogAdmin from '../catalog/admin-contract.ts';
import * as imports from '../imports/contract.ts';
import * as links from '../links/contract.ts';
import * as reports from '../reports/contract.ts';
import * as reviews from '../reviews/contract.ts';
import * as shelf from '../shelf/contract.ts';
import * as shelfLists from '../shelf/lists-contract.ts';
import * as submissions from '../submissions/contract.ts';
import * as submissionsAdmin from '../submissions/admin-contract.ts';

const REFERENCE_OPERATIONS = {
  openApiDocument: {
    method: 'GET',
    route: '/api/openapi.json',
    group: 'Reference',
    access: 'public',
    summary: 'This document',
    description: 'The OpenAPI 3.1 document of this API. A readable reference of it is at /api/docs.',
    ok: {
      status: 200,
      schema: z.looseObject({ openapi: z.literal('3.1.0') }).meta({ id: 'OpenApiDocument' }),
      description: 'The OpenAPI document',
    },
  },
} as const satisfies Record<string, Operation>;

/** Every operation by its name: the name endpoints, the browser's client and the tests call it by. */
export const OPERATIONS = {
  ...REFERENCE_OPERATIONS,
  ...catalog.CATALOG_OPERATIONS,
  ...shelf.SHELF_OPERATIONS,
  ...reviews.REVIEW_OPERATIONS,
  ...accounts.ACCOUNT_OPERATIONS,
  ...accountData.ACCOUNT_DATA_OPERATIONS,
  ...shelfLists.LIST_OPERATIONS,
  ...reports.REPORT_OPERATIONS,
  ...links.LINK_OPERATIONS,
  ...submissions.SUBMISSION_OPERATIONS,
  ...submissionsAdmin.SUBMISSION_ADMIN_OPERATIONS,
  ...catalogAdmin.CATALOG_ADMIN_OPERATIONS,
  ...imports.BOOKMARK_OPERATIONS,
};
export type OperationId = keyof typeof OPERATIONS;

/** Every operation, in no particular order (the document orders them by group). */
export const OPERATION_LIST: readonly Operation[] = Object.values(OPERATIONS);

/** Every answer shape of the contracts (the kit's and each room's): those with an id are the document's components. */
export const SHAPES: z.ZodType[] = [
  kit,
  catalog,
  catalogAdmin,
  accounts,
  reviews,
  shelf,
  shelfLists,
  submissions,
  submissionsAdmin,
  links,
  reports,
  imports,
  accountData,
].flatMap((contract) => Object.values(contract).filter((value): value is z.ZodType => value instanceof z.ZodType));

/** An operation's entry, by its name. */
export type OperationOf<Id extends OperationId> = (typeof OPERATIONS)[Id];
/** What an operation answers on success, as its shape says (what a handler returns, what a client reads). */
export type AnswerOf<Id extends OperationId> = z.output<OperationOf<Id>['ok']['schema']>;
/** The route parameters an operation's route names. */
export type ParamsOf<Id extends OperationId> = RouteParams<OperationOf<Id>['route']>;
/**
 * A body's fields that take `unknown` (a value read liberally, as a form sends it: a list, a blank) take no
 * value too, so a client may leave them out, though zod's input type lists them as required.
 */
type UnknownMayBeLeftOut<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? Flat<
        { [K in keyof T as unknown extends T[K] ? K : never]?: T[K] } & {
          [K in keyof T as unknown extends T[K] ? never : K]: T[K];
        }
      >
    : T;
type Flat<T> = { [K in keyof T]: T[K] };
/** The JSON body an operation takes, as a client may send it (never, for one that takes none or a file). */
export type BodyOf<Id extends OperationId> =
  OperationOf<Id> extends { body: { schema: infer Schema extends z.ZodType } }
    ? UnknownMayBeLeftOut<z.input<Schema>>
    : never;

/**
 * The people a test acts as, made through the API as a client would (`api.call`): a new account, the demo
 * admin, an account signed in again; and a published content, made by the admin. Each throws, saying what the
 * server answered, when it cannot: a test's setup that failed should not read as the test failing.
 */
import type { AnswerOf, BodyOf } from '../../db/contract/operations.ts';
import { DEMO_ADMIN, uniqueEmail, type ApiClient, type ApiResponse, type CallAnswer } from './http.ts';

/** The password of the accounts `signUp` makes, unless told another. */
export const PASSWORD = 'password-123';

/**
 * Someone signed in: the user the server answered (_id, name, email, isAdmin and the session's token), also as
 * `user`, and the password they sign in with.
 */
export interface Actor extends AnswerOf<'signIn'> {
  user: AnswerOf<'signIn'>;
  password: string;
}

export interface SignUpOptions {
  /** Default: a new address (uniqueEmail), named after the person. */
  email?: string;
  /** Default: PASSWORD. */
  password?: string;
}

function expectStatus<T extends { message?: string | undefined }>(
  what: string,
  response: ApiResponse<T>,
  status: number,
): T {
  if (response.status !== status)
    throw new Error(`${what} answered ${response.status}: ${response.body?.message ?? JSON.stringify(response.body)}`);
  return response.body;
}

/** A lowercase prefix for an email from a name: 'Ada Lovelace' → 'ada-lovelace'. */
const emailPrefix = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'user';

/** A new account, signed in (POST /api/users/signup). */
export async function signUp(api: ApiClient, name = 'Someone', options: SignUpOptions = {}): Promise<Actor> {
  const email = options.email ?? uniqueEmail(emailPrefix(name));
  const password = options.password ?? PASSWORD;
  const user = expectStatus(`signing up ${email}`, await api.call('signUp', { body: { name, email, password } }), 201);
  return { ...user, user, email, password };
}

/** An existing account, signed in again (POST /api/users/signin): a new session of its own. */
export async function asUser(api: ApiClient, account: { email: string; password: string }): Promise<Actor> {
  const user = expectStatus(
    `signing in ${account.email}`,
    await api.call('signIn', { body: { email: account.email, password: account.password } }),
    200,
  );
  return { ...user, user, email: account.email, password: account.password };
}

/** The demo admin, signed in. */
export const asAdmin = (api: ApiClient): Promise<Actor> => asUser(api, DEMO_ADMIN);

/** A content's fields as the admin saves them (PUT /api/contents/{id}). */
export type ContentFields = Partial<Exclude<BodyOf<'saveContent'>, undefined>>;

let contents = 0;

/**
 * A published content, made as the admin does: an empty draft (POST /api/contents), saved with every field a
 * published content needs (PUT /api/contents/{id}). Unless `fields` say otherwise, its name, slug and URL are
 * new, it has no tags, it is free and without a certificate, and its image is the draft's own tile.
 */
export async function newContent(
  api: ApiClient,
  adminToken: string,
  fields: ContentFields = {},
): Promise<CallAnswer<'saveContent'>> {
  const draft = expectStatus('creating a draft', await api.call('createDraft', { token: adminToken }), 201);
  const key = `${process.pid}-${Date.now()}-${++contents}`;
  const content = {
    name: `Test content ${key}`,
    slug: `test-content-${key}`,
    url: `https://content-${key}.example.org/`,
    image: draft.image,
    description: 'A content made for a test.',
    cost: 'Free',
    hasCert: false,
    category: [],
    techStack: [],
    type: [],
    ...fields,
  };
  return expectStatus(
    `saving the content ${content.slug}`,
    await api.call('saveContent', { params: { id: draft._id }, body: content, token: adminToken }),
    200,
  );
}

/**
 * What a submission needs besides its name and address for an approval to publish it (db/submissions/validation/approval-needs.ts):
 * a category, a format and a description that says something. Spread into a submission a test approves.
 */
export const CATALOG_READY = {
  category: ['Web Development'],
  type: ['Online Courses'],
  description: 'A guided course, with exercises after each chapter.',
} as const;

/** CATALOG_READY's subject and type alone, for a submission whose description is left to its page. */
export const CATALOG_TAGS = { category: CATALOG_READY.category, type: CATALOG_READY.type } as const;

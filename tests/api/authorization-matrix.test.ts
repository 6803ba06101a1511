/**
 * The authorization matrix: every route of the site (API and page) with the answer each kind of caller gets
 * — anonymous, a signed-in user, another user (for per-user resources such as saves) and an admin — called
 * against the real server. The table is checked against the files under site/pages: a route added without
 * a row here, or a row whose route is gone, fails the test.
 *
 * API calls carry the bearer token (as scripts and the islands send it); page requests carry the session
 * cookie (as a browser does). Calls that change something get fresh targets per caller, so one caller's
 * answer never depends on another's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, uniqueEmail } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp, CATALOG_READY } from '../setup/actors.ts';
import { openDatabase } from '../setup/sql.ts';

const CALLERS = ['anonymous', 'user', 'other', 'admin'] as const;
type Caller = (typeof CALLERS)[number];

/** A status, or a redirect with where it goes. */
type Answer = number | { redirect: string };
type Answers = Record<Caller, Answer>;

interface Session {
  _id: string;
  email: string;
  token: string;
  cookie: string;
}

interface Fixtures {
  user: Session;
  other: Session;
  admin: Session;
  /** The session of this call's caller, undefined for anonymous. */
  caller: Session | undefined;
  content: () => Promise<{ _id: string; slug: string }>;
  /** A content whose link the checker found permanently moved. */
  movedContent: () => Promise<{ _id: string; slug: string }>;
  submission: () => Promise<string>;
  account: () => Promise<Session>;
  /** A new tech stack tag's id. */
  tag: () => Promise<number>;
  /** A new review by `user`, of a new content. */
  review: () => Promise<string>;
  /** A new list of `user`'s holding one new content (private unless asked). */
  list: (isPublic?: boolean) => Promise<{ _id: string; slug: string; contentId: string }>;
  /** A public list of `user`'s that an admin unpublished. */
  unpublishedList: () => Promise<{ _id: string }>;
  uploadedFile: string;
}

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route as its file under site/pages names it: /api/users/[id], /content/[slug], /sitemap/[part].xml */
  route: string;
  path: (f: Fixtures) => string | Promise<string>;
  body?: (f: Fixtures) => unknown;
  /** A multipart upload instead of JSON. */
  multipart?: true;
  /** A file sent as the body itself, with its type (a bookmark file). */
  file?: { type: string; body: string };
  /** Sign the caller in again and use that session (the call ends it). */
  freshSession?: true;
  /** The call ends the caller's other sessions: each caller is a new account of its own (an admin's answer is a user's). */
  freshAccount?: true;
  expect: Answers;
}

const all = (answer: Answer): Answers => ({ anonymous: answer, user: answer, other: answer, admin: answer });
/** A resource of `user`'s that only they may change: to anyone else it does not exist (a list of theirs). */
const ownerOnly = (ok: number): Answers => ({ anonymous: 401, user: ok, other: 404, admin: 404 });
/** A resource of `user`'s that an admin may change too (their review). */
const ownerOrAdmin = (ok: number): Answers => ({ anonymous: 401, user: ok, other: 403, admin: ok });
/** A review of `user`'s that everyone else signed in may act on (vote, report), but not its author. */
const notTheAuthor = (ok: number): Answers => ({ anonymous: 401, user: 403, other: ok, admin: ok });
const adminOnly = (ok: number): Answers => ({ anonymous: 401, user: 403, other: 403, admin: ok });
const signedIn = (ok: number): Answers => ({ anonymous: 401, user: ok, other: ok, admin: ok });
const toSignIn = (path: string) => ({ redirect: `/signin?redirect=${encodeURIComponent(path)}` });
const adminPage = (path: string): Answers => ({
  anonymous: toSignIn(path),
  user: toSignIn(path),
  other: toSignIn(path),
  admin: 200,
});
/** Pages for visitors only (sign in, forgotten password): a signed-in caller goes home. */
const VISITOR_PAGE: Answers = {
  anonymous: 200,
  user: { redirect: '/' },
  other: { redirect: '/' },
  admin: { redirect: '/' },
};

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082',
  'hex',
);
const CHROMIUM_BOOKMARKS = readFileSync(new URL('../fixtures/chromium-bookmarks.html', import.meta.url), 'utf8');
const validContent = {
  name: 'Matrix Course',
  image: 'https://matrix.example.org/cover.png',
  description: 'Edited by the matrix',
  category: [],
  techStack: [],
  type: [],
  cost: 'Free',
  hasCert: false,
};

const ROWS: Row[] = [
  // The public catalog API
  {
    method: 'GET',
    route: '/api/contents/search',
    path: () => '/api/contents/search?searchTerm=python',
    expect: all(200),
  },
  { method: 'GET', route: '/api/contents/filters', path: () => '/api/contents/filters', expect: all(200) },
  {
    method: 'GET',
    route: '/api/contents/compare',
    path: () => '/api/contents/compare?slugs=freecodecamp,the-odin-project',
    expect: all(200),
  },
  {
    method: 'GET',
    route: '/api/contents/slug/[slug]',
    path: async (f) => `/api/contents/slug/${(await f.content()).slug}`,
    expect: all(200),
  },
  { method: 'GET', route: '/api/test', path: () => '/api/test', expect: all(200) },
  { method: 'GET', route: '/api/openapi.json', path: () => '/api/openapi.json', expect: all(200) },
  { method: 'GET', route: '/api/docs', path: () => '/api/docs', expect: all(200) },
  { method: 'GET', route: '/api/docs/[file]', path: () => '/api/docs/init.js', expect: all(200) },
  // Accounts
  {
    method: 'POST',
    route: '/api/users/signup',
    path: () => '/api/users/signup',
    body: () => ({ name: 'New', email: uniqueEmail('matrix'), password: 'password-123' }),
    expect: all(201),
  },
  {
    method: 'POST',
    route: '/api/users/signin',
    path: () => '/api/users/signin',
    body: () => DEMO_ADMIN,
    expect: all(200),
  },
  // A call naming no session is told so (tests/contract/sign-out-names-its-session.test.ts).
  {
    method: 'POST',
    route: '/api/users/signout',
    path: () => '/api/users/signout',
    freshSession: true,
    expect: signedIn(200),
  },
  {
    method: 'POST',
    route: '/api/users/forget-password',
    path: () => '/api/users/forget-password',
    body: () => ({ email: uniqueEmail('nobody') }),
    expect: all(200),
  },
  {
    method: 'POST',
    route: '/api/users/reset-password',
    path: () => '/api/users/reset-password',
    body: () => ({ token: 'not-a-real-token', password: 'password-456' }),
    expect: all(404),
  },
  {
    method: 'POST',
    route: '/api/users/verify-email',
    path: () => '/api/users/verify-email',
    body: () => ({ token: 'not-a-real-token' }),
    expect: all(404),
  },
  {
    method: 'POST',
    route: '/api/users/verification-mail',
    path: () => '/api/users/verification-mail',
    expect: signedIn(200),
  },
  // Only a sign-in waiting for its second factor has one to give (tests/api/two-factor.test.ts).
  {
    method: 'POST',
    route: '/api/users/two-factor/verify',
    path: () => '/api/users/two-factor/verify',
    body: () => ({ code: '000000' }),
    expect: all(401),
  },
  { method: 'GET', route: '/api/users/two-factor', path: () => '/api/users/two-factor', expect: signedIn(200) },
  {
    method: 'POST',
    route: '/api/users/two-factor/setup',
    path: () => '/api/users/two-factor/setup',
    expect: signedIn(200),
  },
  // A key that is not the app's: the code cannot be right.
  {
    method: 'PUT',
    route: '/api/users/two-factor',
    path: () => '/api/users/two-factor',
    body: () => ({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', code: 'abcdef' }),
    expect: signedIn(400),
  },
  // Nobody here has it on: nothing to turn off or renew.
  {
    method: 'DELETE',
    route: '/api/users/two-factor',
    path: () => '/api/users/two-factor',
    body: () => ({ code: '000000' }),
    expect: signedIn(409),
  },
  {
    method: 'POST',
    route: '/api/users/two-factor/recovery-codes',
    path: () => '/api/users/two-factor/recovery-codes',
    body: () => ({ code: '000000' }),
    expect: signedIn(409),
  },
  { method: 'GET', route: '/api/users/profile', path: () => '/api/users/profile', expect: signedIn(200) },
  {
    method: 'PUT',
    route: '/api/users/profile',
    path: () => '/api/users/profile',
    body: (f) => ({ name: 'Renamed', email: f.caller?.email ?? uniqueEmail('nobody') }),
    expect: signedIn(200),
  },
  { method: 'GET', route: '/api/users/profile/export', path: () => '/api/users/profile/export', expect: signedIn(200) },
  { method: 'GET', route: '/api/users/sessions', path: () => '/api/users/sessions', expect: signedIn(200) },
  {
    method: 'DELETE',
    route: '/api/users/sessions',
    path: () => '/api/users/sessions',
    freshAccount: true,
    expect: signedIn(200),
  },
  // Each caller ends the fresh session it calls with; another's session is not theirs to end (404).
  {
    method: 'DELETE',
    route: '/api/users/sessions/[id]',
    path: async (f) => `/api/users/sessions/${await currentSessionRef(f.caller)}`,
    freshSession: true,
    expect: signedIn(200),
  },
  // Each caller deletes an account of their own; the demo admin is the last admin, whom the rule keeps (409).
  {
    method: 'DELETE',
    route: '/api/users/profile',
    path: () => '/api/users/profile',
    freshSession: true,
    body: (f) => ({
      password: f.caller?.email === DEMO_ADMIN.email ? DEMO_ADMIN.password : 'password-123',
      reviews: 'anonymise',
    }),
    expect: { anonymous: 401, user: 200, other: 200, admin: 409 },
  },
  // A user's own things
  {
    method: 'POST',
    route: '/api/users/save',
    path: () => '/api/users/save',
    body: async (f) => ({ contentId: (await f.content())._id }),
    expect: signedIn(200),
  },
  // The id is a user's for GET, a content's for PUT and DELETE (one dynamic file per folder).
  {
    method: 'GET',
    route: '/api/users/saves/[id]',
    path: (f) => `/api/users/saves/${f.user._id}`,
    expect: { anonymous: 401, user: 200, other: 403, admin: 200 },
  },
  {
    method: 'PUT',
    route: '/api/users/saves/[id]',
    path: async (f) => `/api/users/saves/${(await f.content())._id}`,
    expect: signedIn(200),
  },
  {
    method: 'DELETE',
    route: '/api/users/saves/[id]',
    path: async (f) => `/api/users/saves/${(await f.content())._id}`,
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/contents/[id]/report-link',
    path: async (f) => `/api/contents/${(await f.content())._id}/report-link`,
    expect: signedIn(200),
  },
  {
    method: 'POST',
    route: '/api/contents/[id]/report-link',
    path: async (f) => `/api/contents/${(await f.content())._id}/report-link`,
    expect: signedIn(201),
  },
  {
    method: 'DELETE',
    route: '/api/contents/[id]/report-link',
    path: async (f) => `/api/contents/${(await f.content())._id}/report-link`,
    expect: signedIn(200),
  },
  {
    method: 'POST',
    route: '/api/contents/[id]/reviews',
    path: async (f) => `/api/contents/${(await f.content())._id}/reviews`,
    body: () => ({ rating: 4, comment: 'Clear and well paced.' }),
    expect: signedIn(201),
  },
  {
    method: 'GET',
    route: '/api/contents/[id]/reviews/mine',
    path: async (f) => `/api/contents/${(await f.content())._id}/reviews/mine`,
    expect: signedIn(200),
  },
  {
    method: 'PUT',
    route: '/api/reviews/[id]',
    path: async (f) => `/api/reviews/${await f.review()}`,
    body: () => ({ rating: 2, comment: 'Changed my mind.' }),
    expect: ownerOrAdmin(200),
  },
  {
    method: 'DELETE',
    route: '/api/reviews/[id]',
    path: async (f) => `/api/reviews/${await f.review()}`,
    expect: ownerOrAdmin(200),
  },
  { method: 'GET', route: '/api/reviews/mine', path: () => '/api/reviews/mine?page=1', expect: signedIn(200) },
  // `user` wrote the review: they may not vote for it or report it; anyone else signed in may.
  {
    method: 'PUT',
    route: '/api/reviews/[id]/helpful',
    path: async (f) => `/api/reviews/${await f.review()}/helpful`,
    expect: notTheAuthor(200),
  },
  {
    method: 'DELETE',
    route: '/api/reviews/[id]/helpful',
    path: async (f) => `/api/reviews/${await f.review()}/helpful`,
    expect: notTheAuthor(200),
  },
  {
    method: 'POST',
    route: '/api/reviews/[id]/report',
    path: async (f) => `/api/reviews/${await f.review()}/report`,
    body: () => ({ reason: 'spam' }),
    expect: notTheAuthor(201),
  },
  {
    method: 'DELETE',
    route: '/api/reviews/[id]/reports',
    path: async (f) => `/api/reviews/${await f.review()}/reports`,
    expect: adminOnly(200),
  },
  {
    method: 'GET',
    route: '/api/contents/[id]/reviews/helpful',
    path: async (f) => `/api/contents/${(await f.content())._id}/reviews/helpful`,
    expect: signedIn(200),
  },
  { method: 'GET', route: '/api/contents/suggest', path: () => '/api/contents/suggest?q=py', expect: all(200) },
  {
    method: 'GET',
    route: '/api/submissions/check',
    path: () => '/api/submissions/check?url=https%3A%2F%2Fexample.org%2F',
    expect: signedIn(200),
  },
  { method: 'GET', route: '/api/submissions/mine', path: () => '/api/submissions/mine', expect: signedIn(200) },
  {
    method: 'POST',
    route: '/api/submissions/create',
    path: () => '/api/submissions/create',
    body: () => ({ url: `https://submitted-${Math.random().toString(36).slice(2)}.example.org/` }),
    expect: signedIn(201),
  },
  // Lists and progress: only the owner writes; a private list is a 404 to anyone else
  { method: 'GET', route: '/api/lists', path: () => '/api/lists', expect: signedIn(200) },
  {
    method: 'POST',
    route: '/api/lists',
    path: () => '/api/lists',
    body: () => ({ name: 'Matrix list' }),
    expect: signedIn(201),
  },
  {
    method: 'GET',
    route: '/api/lists/[id]',
    path: async (f) => `/api/lists/${(await f.list())._id}`,
    expect: { anonymous: 404, user: 200, other: 404, admin: 404 },
  },
  {
    method: 'PUT',
    route: '/api/lists/[id]',
    path: async (f) => `/api/lists/${(await f.list())._id}`,
    body: () => ({ name: 'Renamed' }),
    expect: ownerOnly(200),
  },
  {
    method: 'DELETE',
    route: '/api/lists/[id]',
    path: async (f) => `/api/lists/${(await f.list())._id}`,
    expect: ownerOnly(200),
  },
  {
    method: 'POST',
    route: '/api/lists/[id]/copy',
    path: async (f) => `/api/lists/${(await f.list(true))._id}/copy`,
    expect: signedIn(201),
  },
  {
    method: 'POST',
    route: '/api/lists/[id]/items',
    path: async (f) => `/api/lists/${(await f.list(true))._id}/items`,
    body: async (f) => ({ contentId: (await f.content())._id }),
    expect: ownerOnly(200),
  },
  {
    method: 'PUT',
    route: '/api/lists/[id]/items/[contentId]',
    path: async (f) => {
      const list = await f.list(true);
      return `/api/lists/${list._id}/items/${list.contentId}`;
    },
    body: () => ({ note: 'Matrix note' }),
    expect: ownerOnly(200),
  },
  {
    method: 'PUT',
    route: '/api/lists/[id]/items/[contentId]/section',
    path: async (f) => {
      const list = await f.list(true);
      return `/api/lists/${list._id}/items/${list.contentId}/section`;
    },
    body: () => ({ section: 'Matrix section' }),
    expect: ownerOnly(200),
  },
  {
    method: 'DELETE',
    route: '/api/lists/[id]/items/[contentId]',
    path: async (f) => {
      const list = await f.list(true);
      return `/api/lists/${list._id}/items/${list.contentId}`;
    },
    expect: ownerOnly(200),
  },
  {
    method: 'PUT',
    route: '/api/lists/[id]/order',
    path: async (f) => `/api/lists/${(await f.list(true))._id}/order`,
    body: () => ({ contentIds: [] }),
    // Who may is decided before what is sent: the owner's order naming none of its one item is a 400.
    expect: ownerOnly(400),
  },
  {
    method: 'POST',
    route: '/api/lists/[id]/unpublish',
    path: async (f) => `/api/lists/${(await f.list(true))._id}/unpublish`,
    body: () => ({ reason: 'Matrix reason' }),
    expect: adminOnly(200),
  },
  {
    method: 'DELETE',
    route: '/api/lists/[id]/unpublish',
    path: async (f) => `/api/lists/${(await f.unpublishedList())._id}/unpublish`,
    expect: adminOnly(200),
  },
  { method: 'GET', route: '/api/users/progress', path: () => '/api/users/progress', expect: signedIn(200) },
  {
    method: 'GET',
    route: '/api/contents/[id]/page-facts',
    path: async (f) => `/api/contents/${(await f.content())._id}/page-facts`,
    expect: adminOnly(200),
  },
  // The Saved page: each signed-in user their own saves
  { method: 'GET', route: '/api/users/saved', path: () => '/api/users/saved', expect: signedIn(200) },
  {
    method: 'POST',
    route: '/api/users/saved/bulk',
    path: () => '/api/users/saved/bulk',
    body: async (f) => ({ action: 'setProgress', contentIds: [(await f.content())._id], state: 'want' }),
    expect: signedIn(200),
  },
  // Bookmarks in and out: each signed-in user their own
  {
    method: 'GET',
    route: '/api/bookmarks/export',
    path: () => '/api/bookmarks/export?format=html',
    expect: signedIn(200),
  },
  {
    method: 'POST',
    route: '/api/bookmarks/import',
    path: () => '/api/bookmarks/import',
    file: { type: 'text/html', body: CHROMIUM_BOOKMARKS },
    expect: signedIn(200),
  },
  {
    method: 'POST',
    route: '/api/bookmarks/submit',
    path: () => '/api/bookmarks/submit',
    body: () => ({ links: [{ url: `https://offered-${Math.random().toString(36).slice(2)}.example.org/` }] }),
    expect: signedIn(200),
  },
  {
    method: 'PUT',
    route: '/api/users/progress/[id]',
    path: async (f) => `/api/users/progress/${(await f.content())._id}`,
    body: () => ({ state: 'learning' }),
    expect: signedIn(200),
  },
  {
    method: 'DELETE',
    route: '/api/users/progress/[id]',
    path: async (f) => `/api/users/progress/${(await f.content())._id}`,
    expect: signedIn(200),
  },
  // Following tags: each user their own follows
  { method: 'GET', route: '/api/follows', path: () => '/api/follows', expect: signedIn(200) },
  {
    method: 'PUT',
    route: '/api/follows/[kind]/[value]',
    path: () => '/api/follows/category/web-development',
    expect: signedIn(200),
  },
  {
    method: 'DELETE',
    route: '/api/follows/[kind]/[value]',
    path: () => '/api/follows/category/web-development',
    expect: signedIn(200),
  },
  {
    method: 'PUT',
    route: '/api/follows/digest',
    path: () => '/api/follows/digest',
    body: () => ({ weekly: false }),
    expect: signedIn(200),
  },
  { method: 'POST', route: '/api/follows/seen', path: () => '/api/follows/seen', expect: signedIn(200) },
  { method: 'GET', route: '/api/follows/feed', path: () => '/api/follows/feed?page=2', expect: signedIn(200) },
  // Admin
  { method: 'GET', route: '/api/dashboard/summary', path: () => '/api/dashboard/summary', expect: adminOnly(200) },
  { method: 'GET', route: '/api/contents/admin', path: () => '/api/contents/admin?page=1', expect: adminOnly(200) },
  { method: 'POST', route: '/api/contents', path: () => '/api/contents', body: () => ({}), expect: adminOnly(201) },
  {
    method: 'POST',
    route: '/api/contents/[id]/accept-redirect',
    path: async (f) => `/api/contents/${(await f.movedContent())._id}/accept-redirect`,
    expect: adminOnly(200),
  },
  {
    method: 'GET',
    route: '/api/contents/[id]',
    path: async (f) => `/api/contents/${(await f.content())._id}`,
    expect: adminOnly(200),
  },
  {
    method: 'PUT',
    route: '/api/contents/[id]',
    path: async (f) => `/api/contents/${(await f.content())._id}`,
    body: () => {
      const key = Math.random().toString(36).slice(2);
      return { ...validContent, slug: `edited-${key}`, url: `https://m-${key}.example.org/` };
    },
    expect: adminOnly(200),
  },
  {
    method: 'DELETE',
    route: '/api/contents/[id]',
    path: async (f) => `/api/contents/${(await f.content())._id}`,
    expect: adminOnly(200),
  },
  { method: 'GET', route: '/api/users/admin', path: () => '/api/users/admin?page=1', expect: adminOnly(200) },
  { method: 'GET', route: '/api/users/[id]', path: (f) => `/api/users/${f.user._id}`, expect: adminOnly(200) },
  {
    method: 'PUT',
    route: '/api/users/[id]',
    path: async (f) => `/api/users/${(await f.account())._id}`,
    body: () => ({ name: 'Edited', email: uniqueEmail('edited'), isAdmin: false }),
    expect: adminOnly(200),
  },
  {
    method: 'DELETE',
    route: '/api/users/[id]',
    path: async (f) => `/api/users/${(await f.account())._id}`,
    expect: adminOnly(200),
  },
  {
    method: 'GET',
    route: '/api/submissions/admin',
    path: () => '/api/submissions/admin?page=1',
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    route: '/api/submissions/bulk',
    path: () => '/api/submissions/bulk',
    body: async (f) => ({ action: 'reject', ids: [await f.submission()] }),
    expect: adminOnly(200),
  },
  {
    method: 'GET',
    route: '/api/submissions/[id]',
    path: async (f) => `/api/submissions/${await f.submission()}`,
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    route: '/api/submissions/[id]',
    path: async (f) => `/api/submissions/${await f.submission()}`,
    body: () => ({}),
    expect: adminOnly(201),
  },
  {
    method: 'DELETE',
    route: '/api/submissions/[id]',
    path: async (f) => `/api/submissions/${await f.submission()}`,
    expect: adminOnly(200),
  },
  {
    method: 'GET',
    route: '/api/reviews/admin',
    path: () => '/api/reviews/admin?page=1&pageSize=25&search=a&sort=reports&order=asc&rating=4&reported=yes',
    expect: adminOnly(200),
  },
  {
    method: 'GET',
    route: '/api/audit/admin',
    path: () => '/api/audit/admin?page=1&pageSize=25&search=a&sort=action&order=asc&action=review.delete',
    expect: adminOnly(200),
  },
  { method: 'POST', route: '/api/upload', path: () => '/api/upload', multipart: true, expect: adminOnly(201) },
  { method: 'GET', route: '/api/tags/admin', path: () => '/api/tags/admin', expect: adminOnly(200) },
  {
    method: 'POST',
    route: '/api/tags',
    path: () => '/api/tags',
    body: () => ({ kind: 'techStack', label: `Matrix ${Math.random().toString(36).slice(2)}` }),
    expect: adminOnly(201),
  },
  {
    method: 'PUT',
    route: '/api/tags/[id]',
    path: async (f) => `/api/tags/${await f.tag()}`,
    body: () => ({ label: `Renamed ${Math.random().toString(36).slice(2)}` }),
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    route: '/api/tags/[id]/merge',
    path: async (f) => `/api/tags/${await f.tag()}/merge`,
    body: () => ({ into: 'javascript' }),
    expect: adminOnly(200),
  },
  // Public pages and files
  { method: 'GET', route: '/', path: () => '/', expect: all(200) },
  { method: 'GET', route: '/search', path: () => '/search?category=web-development', expect: all(200) },
  {
    method: 'GET',
    route: '/content/[slug]',
    path: async (f) => `/content/${(await f.content()).slug}`,
    expect: all(200),
  },
  { method: 'GET', route: '/404', path: () => '/404', expect: all(404) },
  { method: 'GET', route: '/test', path: () => '/test', expect: all(200) },
  { method: 'GET', route: '/signup', path: () => '/signup', expect: all(200) },
  { method: 'GET', route: '/feed.xml', path: () => '/feed.xml', expect: all(200) },
  { method: 'GET', route: '/feed', path: () => '/feed?category=web-development', expect: all(200) },
  { method: 'GET', route: '/robots.txt', path: () => '/robots.txt', expect: all(200) },
  { method: 'GET', route: '/sitemap.xml', path: () => '/sitemap.xml', expect: all(200) },
  { method: 'GET', route: '/sitemap/[part].xml', path: () => '/sitemap/0.xml', expect: all(200) },
  { method: 'GET', route: '/uploads/[file]', path: (f) => f.uploadedFile, expect: all(200) },
  {
    method: 'GET',
    route: '/images/placeholder/[file]',
    path: async (f) => `/images/placeholder/${(await f.content()).slug}.svg`,
    expect: all(200),
  },
  // Pages for visitors only, and for the signed in
  { method: 'GET', route: '/signin', path: () => '/signin', expect: VISITOR_PAGE },
  { method: 'GET', route: '/forget-password', path: () => '/forget-password', expect: VISITOR_PAGE },
  // A link that does not work says so at once: 410 Gone.
  {
    method: 'GET',
    route: '/reset-password/[token]',
    path: () => '/reset-password/some-token',
    expect: { ...VISITOR_PAGE, anonymous: 410 },
  },
  // A verification link works for anyone holding it, signed in or not; a dead one is 410 Gone.
  { method: 'GET', route: '/verify-email/[token]', path: () => '/verify-email/some-token', expect: all(410) },
  {
    method: 'GET',
    route: '/profile',
    path: () => '/profile',
    expect: { anonymous: toSignIn('/profile'), user: 200, other: 200, admin: 200 },
  },
  {
    method: 'GET',
    route: '/submissions',
    path: () => '/submissions',
    expect: { anonymous: toSignIn('/submissions'), user: 200, other: 200, admin: 200 },
  },
  {
    method: 'GET',
    route: '/saved',
    path: () => '/saved',
    expect: { anonymous: toSignIn('/saved'), user: 200, other: 200, admin: 200 },
  },
  {
    method: 'GET',
    route: '/my-reviews',
    path: () => '/my-reviews',
    expect: { anonymous: toSignIn('/my-reviews'), user: 200, other: 200, admin: 200 },
  },
  {
    method: 'GET',
    route: '/my-lists',
    path: () => '/my-lists',
    expect: { anonymous: toSignIn('/my-lists'), user: 200, other: 200, admin: 200 },
  },
  {
    method: 'GET',
    route: '/following',
    path: () => '/following',
    expect: { anonymous: toSignIn('/following'), user: 200, other: 200, admin: 200 },
  },
  // A digest's unsubscribe link needs no session: its token is the key; one that is not ours is a 404.
  { method: 'GET', route: '/unsubscribe', path: () => '/unsubscribe?token=not-a-token', expect: all(404) },
  {
    method: 'GET',
    route: '/my-lists/import',
    path: () => '/my-lists/import',
    expect: { anonymous: toSignIn('/my-lists/import'), user: 200, other: 200, admin: 200 },
  },
  {
    method: 'GET',
    route: '/my-lists/[id]',
    path: () => '/my-lists/LIST',
    expect: { anonymous: toSignIn('/my-lists/LIST'), user: 200, other: 404, admin: 404 },
  },
  // A public list's page is everyone's; a private one is the 404 page to all but its owner, who works on it at /my-lists/{id}.
  { method: 'GET', route: '/lists/[slug]', path: async (f) => `/lists/${(await f.list(true)).slug}`, expect: all(200) },
  {
    method: 'GET',
    route: '/compare/[...slugs]',
    path: () => '/compare/freecodecamp/the-odin-project',
    expect: all(200),
  },
  {
    method: 'GET',
    route: '/submit-content',
    path: () => '/submit-content',
    expect: { anonymous: toSignIn('/submit-content'), user: 200, other: 200, admin: { redirect: '/admin/contents' } },
  },
  // Admin pages
  {
    method: 'GET',
    route: '/admin',
    path: () => '/admin',
    expect: { ...adminPage('/admin'), admin: { redirect: '/admin/dashboard' } },
  },
  { method: 'GET', route: '/admin/dashboard', path: () => '/admin/dashboard', expect: adminPage('/admin/dashboard') },
  { method: 'GET', route: '/admin/contents', path: () => '/admin/contents', expect: adminPage('/admin/contents') },
  { method: 'GET', route: '/admin/users', path: () => '/admin/users', expect: adminPage('/admin/users') },
  {
    method: 'GET',
    route: '/admin/submissions',
    path: () => '/admin/submissions',
    expect: adminPage('/admin/submissions'),
  },
  { method: 'GET', route: '/admin/tags', path: () => '/admin/tags', expect: adminPage('/admin/tags') },
  { method: 'GET', route: '/admin/reviews', path: () => '/admin/reviews', expect: adminPage('/admin/reviews') },
  { method: 'GET', route: '/admin/audit', path: () => '/admin/audit', expect: adminPage('/admin/audit') },
  {
    method: 'GET',
    route: '/admin/content/[id]',
    path: () => '/admin/content/ID',
    expect: adminPage('/admin/content/ID'),
  },
  { method: 'GET', route: '/admin/user/[id]', path: () => '/admin/user/ID', expect: adminPage('/admin/user/ID') },
  {
    method: 'GET',
    route: '/admin/submission/[id]',
    path: () => '/admin/submission/ID',
    expect: adminPage('/admin/submission/ID'),
  },
];

// Where the admin pages with an id get a real one (the redirect target names the path as requested).
const REAL_IDS: Record<string, (f: Fixtures) => Promise<string>> = {
  '/admin/content/ID': async (f) => `/admin/content/${(await f.content())._id}`,
  '/admin/user/ID': async (f) => `/admin/user/${f.user._id}`,
  '/admin/submission/ID': async (f) => `/admin/submission/${await f.submission()}`,
  '/my-lists/LIST': async (f) => `/my-lists/${(await f.list())._id}`,
};

/** Every (method, route) the site serves, read from the files under site/pages. */
function routesOnDisk(): string[] {
  const pages = fileURLToPath(new URL('../../site/pages', import.meta.url));
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else if (!entry.name.endsWith('.test.ts')) files.push(join(dir, entry.name));
    }
  };
  walk(pages);
  return files.flatMap((file) => {
    const route = `/${relative(pages, file)}`.replace(/\.(astro|ts)$/, '').replace(/\/index$/, '') || '/';
    if (file.endsWith('.astro')) return [`GET ${route}`];
    const methods = [...readFileSync(file, 'utf8').matchAll(/export const (GET|POST|PUT|DELETE|PATCH)\b/g)].map(
      (m) => m[1],
    );
    return methods.map((method) => `${method} ${route}`);
  });
}

let base: Omit<Fixtures, 'caller'>;

async function signIn(email: string, password: string): Promise<Session> {
  const response = await fetch(`${server.url}/api/users/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { _id: string; token: string };
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
  expect(cookie).toMatch(/^session=./);
  return { _id: body._id, email, token: body.token, cookie };
}

async function newAccount(): Promise<Session> {
  const { email, password } = await signUp(api, 'Matrix', { email: uniqueEmail('matrix') });
  return signIn(email, password);
}

const { server, api } = useServer({ env: { RATE_LIMIT_OFF: 'true' } });
beforeAll(async () => {
  const admin = await signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const [user, other] = [await newAccount(), await newAccount()];
  const db = await openDatabase(server.dbUrl);
  let n = 0;
  const content = async () => {
    const created = await api.call('createDraft', {
      token: admin.token,
    });
    const slug = `matrix-${++n}-${Date.now()}`;
    const filled = await api.call('saveContent', {
      params: { id: created.body._id },
      body: { ...validContent, name: `Matrix ${n}`, slug, url: `https://matrix-${n}-${Date.now()}.example.org/` },
      token: admin.token,
    });
    expect(filled.status).toBe(200);
    return { _id: String(created.body._id), slug };
  };
  const movedContent = async () => {
    const moved = await content();
    const client = await openDatabase(server.dbUrl);
    try {
      await client.execute({
        sql: 'INSERT INTO link_checks (content_id, url, moved_to) SELECT id, url, ? FROM contents WHERE id = ?',
        args: [`https://moved-${++n}-${Date.now()}.example.org/`, moved._id],
      });
    } finally {
      client.close();
    }
    return moved;
  };
  const submission = async () => {
    const res = await api.call('submitLink', {
      body: { ...CATALOG_READY, url: `https://queued-${++n}-${Date.now()}.example.org/`, name: `Queued ${n}` },
      token: user.token,
    });
    expect(res.status).toBe(201);
    return String(res.body._id);
  };
  const tag = async () => {
    const res = await api.call('createTag', {
      body: { kind: 'techStack', label: `Matrix tag ${++n}` },
      token: admin.token,
    });
    expect(res.status).toBe(201);
    return Number(res.body.id);
  };
  const review = async () => {
    const res = await api.call('createReview', {
      params: { id: (await content())._id },
      body: { rating: 4, comment: 'Clear and well paced.' },
      token: user.token,
    });
    expect(res.status).toBe(201);
    return String(res.body.review._id);
  };
  const list = async (isPublic = false) => {
    const made = await api.call('createList', {
      body: { name: `Matrix list ${++n}`, isPublic },
      token: user.token,
    });
    expect(made.status).toBe(201);
    const item = await content();
    expect(
      (
        await api.call('addListItem', {
          params: { id: made.body._id },
          body: { contentId: item._id },
          token: user.token,
        })
      ).status,
    ).toBe(200);
    return { _id: String(made.body._id), slug: String(made.body.slug), contentId: item._id };
  };
  const unpublishedList = async () => {
    const made = await list(true);
    expect(
      (
        await api.call('unpublishList', {
          params: { id: made._id },
          body: { reason: 'Matrix reason' },
          token: admin.token,
        })
      ).status,
    ).toBe(200);
    return made;
  };
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'pixel.png');
  const uploaded = await fetch(`${server.url}/api/upload`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(uploaded.status).toBe(201);
  base = {
    user,
    other,
    admin,
    content,
    movedContent,
    submission,
    account: newAccount,
    tag,
    review,
    list,
    unpublishedList,
    uploadedFile: ((await uploaded.json()) as { path: string }).path,
  };
  db.close();
});

/** The id the sessions list gives the session of `session`'s token (any id for no session). */
async function currentSessionRef(session: Session | undefined): Promise<string> {
  if (!session) return 'no-session';
  const response = await fetch(`${server.url}/api/users/sessions`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  const { sessions } = (await response.json()) as { sessions: Array<{ _id: string; current: boolean }> };
  return sessions.find((listed) => listed.current)!._id;
}

async function call(row: Row, caller: Caller): Promise<Answer> {
  let session = caller === 'anonymous' ? undefined : base[caller];
  if (session && row.freshAccount) session = await newAccount();
  else if (session && row.freshSession) {
    const email = caller === 'admin' ? DEMO_ADMIN.email : undefined;
    session = email ? await signIn(email, DEMO_ADMIN.password) : await newAccount();
  }
  const fixtures: Fixtures = { ...base, caller: session };
  const requested = await row.path(fixtures);
  const path = REAL_IDS[requested] ? await REAL_IDS[requested](fixtures) : requested;
  const isApi = path.startsWith('/api/');
  const headers: Record<string, string> = {};
  let body: BodyInit | undefined;
  if (session) {
    if (isApi) headers.authorization = `Bearer ${session.token}`;
    else headers.cookie = session.cookie;
  }
  if (row.file) {
    headers['content-type'] = row.file.type;
    body = row.file.body;
  } else if (row.multipart) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'pixel.png');
    body = form;
  } else if (row.body) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(await row.body(fixtures));
  }
  const response = await fetch(server.url + path, { method: row.method, headers, body, redirect: 'manual' });
  const text = await response.text();
  if (response.status >= 300 && response.status < 400) {
    const location = response.headers.get('location') ?? '';
    // A redirect to the path with its real id reads as the table's placeholder path.
    return {
      redirect:
        requested === path ? location : location.replace(encodeURIComponent(path), encodeURIComponent(requested)),
    };
  }
  if (isApi && response.status >= 400) {
    // Every refusal says why, as JSON.
    expect(JSON.parse(text), `${row.method} ${path} as ${caller}`).toHaveProperty('message');
  }
  return response.status;
}

describe('authorization matrix', () => {
  it('lists every route the site serves, and only those', () => {
    const inTable = ROWS.map((row) => `${row.method} ${row.route}`);
    expect(new Set(inTable).size, 'a route is listed twice').toBe(inTable.length);
    expect([...inTable].sort()).toEqual(routesOnDisk().sort());
  });

  it.each(ROWS.map((row) => [`${row.method} ${row.route}`, row] as const))('%s', async (_, row) => {
    const answers = {} as Answers;
    for (const caller of CALLERS) answers[caller] = await call(row, caller);
    expect(answers).toEqual(row.expect);
  });

  it('covers every route for every caller', () => {
    expect(ROWS.length * CALLERS.length).toBeGreaterThanOrEqual(220);
  });
});

/** Endpoints that use no session: a leftover cookie must not refuse them; only JSON gets in (login CSRF). */
const SESSIONLESS = new Set([
  '/api/users/signin',
  '/api/users/signup',
  '/api/users/forget-password',
  '/api/users/reset-password',
]);

describe('cross-site requests', () => {
  const writes = ROWS.filter(
    (row) => row.method !== 'GET' && row.route.startsWith('/api/') && !SESSIONLESS.has(row.route),
  );

  it.each(writes.map((row) => [`${row.method} ${row.route}`, row] as const))(
    '%s with the session cookie: refused cross-origin and without Origin',
    async (_, row) => {
      // A sign-out would end the shared admin session: it gets one of its own.
      const admin = row.freshAccount
        ? await newAccount()
        : row.freshSession
          ? await signIn(DEMO_ADMIN.email, DEMO_ADMIN.password)
          : base.admin;
      const fixtures: Fixtures = { ...base, caller: admin };
      const path = await row.path(fixtures);
      const body = row.multipart ? undefined : JSON.stringify((await row.body?.(fixtures)) ?? {});
      for (const origin of ['https://evil.example', undefined]) {
        const headers: Record<string, string> = {
          cookie: admin.cookie,
          'content-type': 'application/json',
          ...(origin ? { origin } : {}),
        };
        const response = await fetch(server.url + path, { method: row.method, headers, body, redirect: 'manual' });
        expect(response.status, `origin ${origin ?? '(none)'}`).toBe(403);
        expect(await response.json()).toEqual({ message: 'Cross-site request refused', code: 'FORBIDDEN' });
      }
      // The same page's own origin passes the check (what it then answers is the matrix's business).
      const same = await fetch(server.url + path, {
        method: row.method,
        headers: { cookie: admin.cookie, 'content-type': 'application/json', origin: server.url },
        body,
        redirect: 'manual',
      });
      expect(same.status).not.toBe(403);
    },
  );

  it.each([...SESSIONLESS])(
    'POST %s: a leftover cookie from any origin is no reason to refuse JSON, and no form of another site gets in',
    async (route) => {
      const forms = [
        ['application/x-www-form-urlencoded', 'email=a%40b.co&password=x'],
        ['text/plain', '{"email":"a@b.co","password":"x"}'],
        [
          'multipart/form-data; boundary=b',
          '--b\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.co\r\n--b--',
        ],
        ['', '{}'],
      ];
      for (const origin of ['https://evil.example', undefined]) {
        const headers = { cookie: base.admin.cookie, ...(origin ? { origin } : {}) };
        const asJson = await fetch(server.url + route, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: '{}',
        });
        expect(asJson.status, `JSON from ${origin}`).toBe(400); // judged on its body (here: empty fields), not on the cookie
        for (const [type, body] of forms) {
          const response = await fetch(server.url + route, {
            method: 'POST',
            headers: { ...headers, ...(type ? { 'content-type': type } : {}) },
            body,
          });
          expect(response.status, `${type} from ${origin}`).toBe(415);
          expect((await response.json()).code).toBe('UNSUPPORTED_MEDIA_TYPE');
        }
      }
    },
  );
});

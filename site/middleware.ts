/**
 * Every request passes here: the session (cookie or bearer) becomes `locals.user`, except on the catalog
 * pages, which are made once for everyone and never look at who asks; cookie-authenticated writes must come
 * from this origin; page guards redirect as docs/product.md#pages says; security headers are added.
 */
import { pathOf } from '#site/lib/api-paths.ts';
import { defineMiddleware, sequence } from 'astro:middleware';
import { getDb, type Db } from '#db/client.ts';
import { countCatchUp, readingThePrimary, readsGoToThePrimary, replicationOf } from '#db/replication.ts';
import { type SessionClient, validateSessionToken } from '#db/accounts/sessions.ts';
import { ensureLinkCheckSchedule } from '#db/links/link-schedule.ts';
import { config, publicUrl } from '#db/config.ts';
import { deleteSessionCookie, SESSION_COOKIE, setSessionCookie } from '#site/lib/server/cookies.ts';
import { endpointMethods } from '#site/lib/server/endpoint-methods.ts';
import { AppError } from '#db/errors.ts';
import { appErrorIn, errorToResponse, json, JSON_TYPE, NOT_JSON, revalidatable } from '#site/lib/server/http.ts';
import { cachedRender, pageKey } from '#site/server/page-cache.ts';
import { REST_HEADER } from '#site/server/page-parts.ts';
import { allowedMethods, isFormPage, isOneClickPage } from '#site/server/request-gate.ts';
import {
  namesAnAccount,
  POSITION_COOKIE,
  POSITION_HEADER,
  positionCookieOptions,
  requestedPosition,
} from '#site/server/read-position.ts';
import { securityHeaders } from '#site/server/security-headers.ts';
import { escapeXml } from '#site/lib/xml.ts';
import { visitorRule } from '#site/server/visitor-rule.ts';
import { safeRedirect, signInUrl } from '#site/lib/redirect.ts';
import { isSignedInPage } from '#site/session/account-pages.ts';
import { namesSecretPage } from '#db/validation/secret-links.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Background work of a server process that is not the front door's (site/server/front-door.ts starts the mail
 * sender): the scheduled link check, started with the first request the process serves (a no-op unless
 * LINK_CHECK_INTERVAL_HOURS is set).
 */
let backgroundStarted = false;
const startBackgroundWork = defineMiddleware(async (_context, next) => {
  if (!backgroundStarted) {
    backgroundStarted = true;
    ensureLinkCheckSchedule(await getDb());
  }
  return next();
});

/**
 * The front door hands in who asks (locals.client, after TRUST_PROXY) and reads back the route for its
 * log line and metrics. Under `astro dev`, which has no front door, the client is the socket's.
 */
const describeRequest = defineMiddleware((context, next) => {
  context.locals.client ??= { address: context.clientAddress, https: context.url.protocol === 'https:' };
  context.locals.route = context.routePattern;
  return next();
});

/**
 * A request that fails where no endpoint can answer for it (the session read in `authenticate`, the page
 * cache) still gets the answer an endpoint would give: an API call its JSON error, and a page whose database
 * is out of reach or too busy a 503 with Retry-After that says to try again, never a bare 500.
 */
const answerFailures = defineMiddleware(async (context, next) => {
  try {
    return await next();
  } catch (error) {
    if (context.url.pathname.startsWith('/api/')) return errorToResponse(error);
    const busy = appErrorIn(error);
    if (busy?.code !== 'BUSY') throw error;
    return busyPage(busy.message, busy.retryAfter);
  }
});

function busyPage(message: string, retryAfter = 5): Response {
  const body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Skillshelf is busy</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
<h1>We could not load this page</h1>
<p>${escapeXml(message)}</p>
<p><a href="">Try again</a></p>
</body></html>
`;
  return new Response(body, {
    status: 503,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'retry-after': String(retryAfter),
    },
  });
}

/**
 * HTTP methods: OPTIONS is answered with what the route allows, and a method the route does not implement
 * gets 405 with Allow (an endpoint's list comes from its exports). The front door already refused methods
 * no route allows; this also covers `astro dev`, which has no front door.
 */
const answerMethods = defineMiddleware(async (context, next) => {
  const { method } = context.request;
  const isApi = context.url.pathname.startsWith('/api/');
  const allowed = isApi ? await endpointMethods(context.routePattern) : allowedMethods(context.url.pathname);
  if (!allowed) return next(); // no endpoint of that name: Astro's 404
  if (method === 'OPTIONS') return new Response(null, { status: 204, headers: { allow: allowed.join(', ') } });
  if (!allowed.includes(method))
    return json({ message: `${method} is not allowed here`, code: 'METHOD_NOT_ALLOWED' }, 405, {
      allow: allowed.join(', '),
    });
  return next();
});

const authenticate = defineMiddleware(async (context, next) => {
  context.locals.user = null;
  context.locals.session = null;
  context.locals.pendingSignIn = null;
  // A catalog page or public catalog answer is the same for everyone (the browser draws who is signed in,
  // docs/decisions/014): it is made without the session, so nothing personal can reach it or the cache.
  context.locals.shared = visitorRule(context.request.method, context.url.pathname) !== 'personal';
  if (context.locals.shared) return next();
  const header = context.request.headers.get('authorization') ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  const cookie = context.cookies.get(SESSION_COOKIE)?.value;
  const token = bearer ?? cookie;
  if (!token) return next();

  const db = await getDb();
  const client = { address: context.locals.client.address };
  let result = await validateSessionToken(db, token, client, { pending: true });
  // Only the primary knows the session yet: the rest of the request reads there too, or it would not find
  // what came with it (the account just made).
  let onThePrimary = false;
  if (!result && (result = await sessionOnThePrimary(db, token, client))) onThePrimary = true;
  if (result?.session.twoFactor) {
    // Past the password, short of the second factor: signed in to nothing but finishing that.
    context.locals.pendingSignIn = {
      user: result.user,
      session: { id: result.session.id, token, via: bearer ? 'bearer' : 'cookie' },
      needs: result.session.twoFactor,
    };
  } else if (result) {
    context.locals.user = result.user;
    context.locals.session = { id: result.session.id, token, via: bearer ? 'bearer' : 'cookie' };
    if (!bearer)
      setSessionCookie(context.cookies, context.locals.client.https, token, result.session.expiresAt, result.user.id);
  } else if (!bearer) {
    deleteSessionCookie(context.cookies);
  }
  return onThePrimary ? readingThePrimary(next) : next();
});

/**
 * A token an embedded replica does not know may be one the primary has just made (a sign-in through another
 * server, by a client that sent no position): the primary is asked before the answer is "not signed in".
 * A primary out of reach leaves the replica's answer.
 */
async function sessionOnThePrimary(db: Db, token: string, client: SessionClient) {
  if (replicationOf(db.$client)?.kind !== 'replica') return null;
  countCatchUp('session');
  return readingThePrimary(() => validateSessionToken(db, token, client, { pending: true })).catch(() => null);
}

/** The most an answer to a write waits for the primary's position, past which it carries the one this process knows. */
const POSITION_WAIT_MS = 1000;

/**
 * Read-your-writes across servers (site/server/read-position.ts): an answer to a request that wrote carries
 * the primary's position after it, and an answer to a signed-in user or to a client that brought a position
 * carries this process's when it is newer. The front door has already caught up to what the request brought.
 */
const carryPosition = defineMiddleware(async (context, next) => {
  let response = await next();
  const replication = replicationOf((await getDb()).$client);
  if (!replication) return response;
  const { request } = context;
  const brought = requestedPosition(request.headers.get('cookie'), request.headers.get(POSITION_HEADER));
  const wrote = !SAFE_METHODS.has(request.method);
  const signedIn =
    context.locals.user || namesAnAccount(request.headers.get('authorization'), request.headers.get('cookie'));
  if (!wrote && brought === 0 && !signedIn) return response;
  // A 5xx wrote nothing this client must see, and its primary may be out of reach.
  let timer: NodeJS.Timeout | undefined;
  const position =
    wrote && response.status < 500
      ? await Promise.race([
          replication.positionNow().catch(() => replication.position()),
          new Promise<number>(
            (resolve) => (timer = setTimeout(() => resolve(replication.position()), POSITION_WAIT_MS)),
          ),
        ])
      : replication.position();
  clearTimeout(timer);
  if (position <= brought) return response;
  context.cookies.set(POSITION_COOKIE, String(position), positionCookieOptions(context.locals.client.https));
  try {
    response.headers.set(POSITION_HEADER, String(position));
  } catch {
    // Some responses (e.g. Response.redirect) have immutable headers: copy them into a new response.
    response = new Response(response.body, response);
    response.headers.set(POSITION_HEADER, String(position));
  }
  return response;
});

function isSameOrigin(request: Request, url: URL): boolean {
  const origin = request.headers.get('origin');
  // 'null' is what a page with a no-referrer policy sends (the reset page does, to keep its token to
  // itself): the browser's own Sec-Fetch-Site, which no page can set, decides then.
  if (origin && origin !== 'null') {
    const allowed = new Set([url.origin, config().PUBLIC_URL?.replace(/\/$/, '')]);
    return allowed.has(origin);
  }
  return request.headers.get('sec-fetch-site') === 'same-origin';
}

/** Endpoints that use no session: what they do does not depend on who the cookie says the caller is. */
const SESSIONLESS_ENDPOINTS = new Set([
  pathOf('signIn'),
  pathOf('signUp'),
  pathOf('forgetPassword'),
  pathOf('resetPassword'),
]);

/**
 * Cross-site request forgery: a browser attaches our cookie to requests from any site, so a write that
 * rides on the cookie must prove it comes from our own pages. Bearer tokens cannot be forged that way.
 * The session-less endpoints are judged by their body instead: a leftover cookie (a client that signed
 * out by forgetting its token) must not lock anyone out of signing in. Another site can post a form
 * (urlencoded, multipart, text/plain) but not JSON without a CORS preflight, which we never grant, so
 * requiring JSON there keeps login CSRF closed.
 */
const checkOrigin = defineMiddleware((context, next) => {
  const { request } = context;
  if (SAFE_METHODS.has(request.method)) return next();
  // The token in its address authenticates it, not a cookie: a forged post could only unsubscribe its holder.
  if (isOneClickPage(context.url.pathname)) return next();
  if (SESSIONLESS_ENDPOINTS.has(context.routePattern)) {
    if (JSON_TYPE.test(request.headers.get('content-type') ?? '')) return next();
    return errorToResponse(new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_JSON));
  }
  // The account pages' own form posts (no JavaScript) sign in without any cookie yet: only a post from our
  // own pages is taken, or another site could sign a visitor into its account (login CSRF).
  if (isFormPage(context.url.pathname) && !isSameOrigin(request, context.url)) {
    return json({ message: 'Cross-site request refused', code: 'FORBIDDEN' }, 403);
  }
  const hasBearer = /^Bearer\s+\S+$/i.test(request.headers.get('authorization') ?? '');
  const hasCookie = Boolean(context.cookies.get(SESSION_COOKIE)?.value);
  if (!hasBearer && hasCookie && !isSameOrigin(request, context.url)) {
    return json({ message: 'Cross-site request refused', code: 'FORBIDDEN' }, 403);
  }
  return next();
});

/** docs/product.md#pages's route guards, decided on the server so the first paint is already right. */
const guardPages = defineMiddleware((context, next) => {
  const path = context.url.pathname;
  if (path.startsWith('/api/')) return next();
  const user = context.locals.user;
  const here = path + context.url.search;

  if (path === '/signin' && user) {
    // A signed-in user sent here by the admin guard stays on the form: they may sign in as an admin.
    const target = safeRedirect(context.url.searchParams.get('redirect'), '/', publicUrl());
    const forbidden = (target === '/admin' || target.startsWith('/admin/')) && !user.isAdmin;
    if (!forbidden) return context.redirect(target);
  }
  if ((path === '/forget-password' || path.startsWith('/reset-password')) && user) return context.redirect('/');
  if (path === '/reset-password' || path === '/reset-password/') return context.redirect('/');
  if (isSignedInPage(path) && !user) return context.redirect(signInUrl(here));
  if (path === '/submit-content') {
    if (!user) return context.redirect(signInUrl(here));
    if (user.isAdmin) return context.redirect('/admin/contents');
  }
  if ((path === '/admin' || path.startsWith('/admin/')) && !user?.isAdmin) return context.redirect(signInUrl(here));
  return next();
});

/**
 * Catalog pages are the same for everyone and served from the page cache; every other page a visitor sees
 * carries an ETag (the body's hash) so a repeat visit with If-None-Match gets 304. Pages rendered for a
 * signed-in user (profile, saved, submit, admin) are private and never stored, and so is any page whose
 * address holds a secret (a mailed link's token: a cache would keep the address), whatever its answer.
 */
const pageValidators = defineMiddleware(async (context, next) => {
  const { request, url } = context;
  // A request whose reads went to the primary (its replica could not catch up) neither reads nor fills the cache.
  const cached = visitorRule(request.method, url.pathname) === 'cached' && !readsGoToThePrimary();
  const response = cached
    ? await cachedRender(await getDb(), request, pageKey(url), context.routePattern, (part) => {
        context.locals.pagePart = part;
        return Promise.resolve(next());
      })
    : await next();
  // What a content page tells the page cache, not sent (a HEAD, or the caches off).
  if (response.headers.has(REST_HEADER)) response.headers.delete(REST_HEADER);
  const isPage = (response.headers.get('content-type') ?? '').startsWith('text/html');
  if (!isPage || context.url.pathname.startsWith('/api/')) return response;
  if (context.locals.user || namesSecretPage(url.pathname + url.search)) {
    response.headers.set('cache-control', 'private, no-store');
    return response;
  }
  if (response.status !== 200 || (context.request.method !== 'GET' && context.request.method !== 'HEAD'))
    return response;
  // A page that said it must not be kept stays so.
  if (response.headers.get('cache-control')?.includes('no-store')) return response;
  return revalidatable(context.request, response);
});

const addSecurityHeaders = defineMiddleware(async (context, next) => {
  let response = await next();
  const headers = Object.entries(securityHeaders(context.locals.client.https));
  try {
    for (const [name, value] of headers) response.headers.set(name, value);
  } catch {
    // Some responses (e.g. Response.redirect) have immutable headers: copy them into a new response.
    response = new Response(response.body, response);
    for (const [name, value] of headers) response.headers.set(name, value);
  }
  return response;
});

export const onRequest = sequence(
  describeRequest,
  startBackgroundWork,
  addSecurityHeaders,
  answerFailures,
  carryPosition,
  answerMethods,
  checkOrigin,
  authenticate,
  guardPages,
  pageValidators,
);

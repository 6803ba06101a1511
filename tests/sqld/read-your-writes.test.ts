/**
 * Read-your-writes across servers (docs/decisions/044): server A straight on a sqld primary, server B on an
 * embedded replica of it that pulls only once a minute by itself, so nothing B shows at once can come from its
 * periodic pull. Whatever a client did through A, its very next request through B sees it: the position A
 * answered with (the `db_position` cookie, or `X-Db-Position` for a bearer client) makes B catch up first, and
 * a token B does not know is looked up on the primary before B says "not signed in". A session ended on the
 * primary stops working on a replica with the usual pull within the staleness bound, and a primary that does
 * not answer leaves B's pages served within the catch-up bound.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, DEMO_ADMIN, uniqueEmail, type ApiClient } from '../setup/http.ts';
import type { TestServer } from '../setup/server.ts';
import { hasSqld, NO_SQLD, type Sqld } from '../setup/sqld.ts';
import { startTopology, type Topology } from '../setup/topology.ts';

/** The staleness bound of a replica pulling every second: the interval, the pull, and a margin for a busy machine. */
const WITHIN_STALENESS = { timeout: 2500, interval: 50 };

const positionOf = (headers: Headers) => headers.get('x-db-position') ?? '';
/** The `db_position` cookie a response set, as a Cookie header's part. */
const positionCookie = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith('db_position=')) ?? '';

describe.skipIf(!hasSqld)(`read-your-writes across servers${hasSqld ? '' : ` (skipped: ${NO_SQLD})`}`, () => {
  let topology: Topology;
  let primary: Sqld;
  let onPrimary: TestServer;
  /** Pulls by itself once a minute: what it shows at once, it caught up to. */
  let slowReplica: TestServer;
  let a: ApiClient;
  let b: ApiClient;
  /** Through a replica that pulls every second, as deployed. */
  let r: ApiClient;

  beforeAll(async () => {
    topology = await startTopology({ replicaPulls: [60, 1] });
    ({ primary, onPrimary } = topology);
    const [slow, everySecond] = topology.onReplicas;
    slowReplica = slow!;
    a = apiClient(onPrimary.url);
    b = apiClient(slowReplica.url);
    r = apiClient(everySecond!.url);
  });
  afterAll(() => topology?.stop());

  it('a sign-up through one server is signed in on the next request through the other, with or without its position', async () => {
    const account = { name: 'Next Request', email: uniqueEmail('ryw'), password: 'password-123' };
    const signedUp = await a.call('signUp', {
      body: account,
    });
    expect(signedUp.status).toBe(201);
    expect(Number(positionOf(signedUp.headers))).toBeGreaterThan(0);
    const { token } = signedUp.body as { token: string };
    const position = positionOf(signedUp.headers);
    const withPosition = await b.call('getProfile', {
      token,
      headers: { 'x-db-position': position },
    });
    expect(withPosition.status).toBe(200);
    expect(withPosition.body.email).toBe(account.email);

    // A bearer client that keeps no position: the replica asks the primary about a token it does not know.
    const other = { name: 'No Position', email: uniqueEmail('ryw'), password: 'password-123' };
    const { token: fresh } = (
      await a.call('signUp', {
        body: other,
      })
    ).body as { token: string };
    expect(
      (
        await b.call('getProfile', {
          token: fresh,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await b.call('getProfile', {
          token: 'not-a-token-anyone-was-given',
        })
      ).status,
    ).toBe(401);
  });

  it('a browser signed in through one server gets its pages signed in through the other, by its cookies', async () => {
    const account = { name: 'Cookie Jar', email: uniqueEmail('ryw'), password: 'password-123' };
    const signedUp = await fetch(`${onPrimary.url}/api/users/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    });
    expect(signedUp.status).toBe(201);
    const session = signedUp.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .find((pair) => pair.startsWith('session='));
    const cookie = `${session}; ${positionCookie(signedUp.headers)}`;
    expect(positionCookie(signedUp.headers)).toMatch(/^db_position=\d+$/);
    const page = await fetch(`${slowReplica.url}/profile`, { headers: { cookie }, redirect: 'manual' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(account.email);
  });

  it('a save and a review through one server show on the other’s next page, its cached content page included', async () => {
    const account = { name: 'Saver Elsewhere', email: uniqueEmail('ryw'), password: 'password-123' };
    const { token } = (
      await a.call('signUp', {
        body: account,
      })
    ).body as { token: string };
    const { body: latest } = await b.call('searchContents', {
      query: { order: 'latest' },
    });
    const content = latest.contents[1] as { _id: string; slug: string };
    // The replica has the content page cached before the review.
    await fetch(`${slowReplica.url}/content/${content.slug}`);
    await fetch(`${slowReplica.url}/content/${content.slug}`);

    const saved = await a.call('toggleSave', {
      body: { contentId: content._id },
      token,
    });
    expect(saved.status).toBe(200);
    const me = (
      await a.call('getProfile', {
        token,
      })
    ).body._id as string;
    const saves = await b.call('userSaves', {
      params: { id: me },
      token,
      headers: { 'x-db-position': positionOf(saved.headers) },
    });
    expect(saves.body.saves.map((s: { _id: string }) => s._id)).toContain(content._id);

    const comment = `Reviewed through the primary at ${Date.now()}`;
    const reviewed = await a.call('createReview', {
      params: { id: content._id },
      body: { rating: 4, comment },
      token,
    });
    expect(reviewed.status).toBe(201);
    const page = await fetch(`${slowReplica.url}/content/${content.slug}`, {
      headers: { cookie: positionCookie(reviewed.headers) },
    });
    expect(await page.text()).toContain(comment);
    // The page tells the client the position it reflects, never one older than what it brought.
    expect(Number(positionCookie(page.headers).split('=')[1] || positionOf(reviewed.headers))).toBeGreaterThanOrEqual(
      Number(positionOf(reviewed.headers)),
    );
  });

  it("a review written through a replica answers with its content's totals counting it", async () => {
    const { token } = (
      await b.call('signUp', {
        body: { name: 'Reviewer Elsewhere', email: uniqueEmail('ryw'), password: 'password-123' },
      })
    ).body as { token: string };
    const { body: latest } = await a.call('searchContents', {
      query: { order: 'latest' },
    });
    const content = latest.contents[2] as { _id: string; slug: string; numReviews: number };
    const reviewed = await b.call('createReview', {
      params: { id: content._id },
      body: { rating: 5, comment: 'Counted where it was written' },
      token,
    });
    expect(reviewed.status).toBe(201);
    expect(reviewed.body.numReviews).toBe(content.numReviews + 1);
    const { body: onPrimary } = await a.call('contentBySlug', {
      params: { slug: content.slug },
    });
    expect(reviewed.body.rating).toBe(onPrimary.rating);
    expect(onPrimary.numReviews).toBe(content.numReviews + 1);
  });

  it('a sign-out ends the session on a replica within the staleness bound, and at once for the client that signed out', async () => {
    const account = { name: 'Signing Out', email: uniqueEmail('ryw'), password: 'password-123' };
    const signedUp = await a.call('signUp', {
      body: account,
    });
    const { token } = signedUp.body as { token: string };
    const position = { 'x-db-position': positionOf(signedUp.headers) };
    expect(
      (
        await b.call('getProfile', {
          token,
          headers: position,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await r.call('getProfile', {
          token,
          headers: position,
        })
      ).status,
    ).toBe(200);
    const signedOut = await a.call('signOut', {
      token,
    });
    expect(signedOut.status).toBeLessThan(300);
    expect(
      (
        await b.call('getProfile', {
          token,
          headers: { 'x-db-position': positionOf(signedOut.headers) },
        })
      ).status,
    ).toBe(401);
    // A replica pulling every second, asked with the token alone (say, by whoever stole it): refused within the bound.
    await expect
      .poll(
        async () =>
          (
            await r.call('getProfile', {
              token,
            })
          ).status,
        WITHIN_STALENESS,
      )
      .toBe(401);
  });

  it('a password change ends the old token on the other server at once and signs the new one in', async () => {
    const account = { name: 'New Password', email: uniqueEmail('ryw'), password: 'password-123' };
    const { token } = (
      await a.call('signUp', {
        body: account,
      })
    ).body as { token: string };
    const changed = await a.call('changeProfile', {
      body: { name: account.name, email: account.email, password: 'password-456', currentPassword: account.password },
      token,
    });
    expect(changed.status).toBe(200);
    const position = { 'x-db-position': positionOf(changed.headers) };
    const fresh = changed.body.token as string;
    expect(fresh).not.toBe(token);
    expect(
      (
        await b.call('getProfile', {
          token: fresh,
          headers: position,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await b.call('signIn', {
          body: { ...account, password: 'password-456' },
        })
      ).status,
    ).toBe(200);
    // The other device's token: the primary ended it; the client that changed the password brought its position.
    const other = (
      await a.call('signIn', {
        body: { ...account, password: 'password-456' },
      })
    ).body.token as string;
    const again = await a.call('changeProfile', {
      body: { name: account.name, email: account.email, password: 'password-789', currentPassword: 'password-456' },
      token: other,
    });
    expect(
      (
        await b.call('getProfile', {
          token: fresh,
          headers: { 'x-db-position': positionOf(again.headers) },
        })
      ).status,
    ).toBe(401);
  });

  it('a submission and an admin’s edit through one server show on the other’s next request', async () => {
    const account = { name: 'Submitter Elsewhere', email: uniqueEmail('ryw'), password: 'password-123' };
    const { token } = (
      await a.call('signUp', {
        body: account,
      })
    ).body as { token: string };
    const url = `https://example.org/read-your-writes-${Date.now()}`;
    const submitted = await a.call('submitLink', {
      body: { url, name: 'Read your writes' },
      token,
    });
    expect(submitted.status).toBe(201);
    const mine = await b.call('mySubmissions', {
      token,
      headers: { 'x-db-position': positionOf(submitted.headers) },
    });
    expect(JSON.stringify(mine.body)).toContain(url);

    const admin = (
      await a.call('signIn', {
        body: DEMO_ADMIN,
      })
    ).body.token as string;
    const { body: latest } = await b.call('searchContents', {
      query: { order: 'latest' },
    });
    const content = latest.contents[2] as { _id: string; slug: string; name: string };
    await fetch(`${slowReplica.url}/content/${content.slug}`);
    const { body: full } = await a.call('contentBySlug', {
      params: { slug: content.slug },
    });
    const name = `${content.name} (edited through the primary)`;
    const edited = await a.call('saveContent', {
      params: { id: content._id },
      body: { ...full, name },
      token: admin,
    });
    expect(edited.status).toBe(200);
    const page = await fetch(`${slowReplica.url}/content/${content.slug}`, {
      headers: { 'x-db-position': positionOf(edited.headers) },
    });
    expect(await page.text()).toContain(name);
  });

  it('with the primary silent, the replica serves a client that brings a newer position within the bound', async () => {
    const account = { name: 'Before The Freeze', email: uniqueEmail('ryw'), password: 'password-123' };
    const signedUp = await a.call('signUp', {
      body: account,
    });
    const position = positionOf(signedUp.headers);
    primary.pause();
    try {
      const started = performance.now();
      const page = await fetch(`${slowReplica.url}/`, { headers: { 'x-db-position': position } });
      expect(page.status).toBe(200);
      expect(performance.now() - started).toBeLessThan(1500);
    } finally {
      primary.resume();
    }
  });
});

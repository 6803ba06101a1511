/**
 * An account its owner runs (docs/product.md#how-things-change): the reviews they wrote, everything held about them as a file,
 * and deleting the account, with its reviews anonymised or deleted, through the real server. Every answer is
 * checked against the OpenAPI document (tests/setup/http.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, type AnyJson } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, signUp, type Actor } from '../setup/actors.ts';
import { mailedResetToken, sqlRows } from '../setup/sql.ts';

const PASSWORD = 'own-account-password';

let admin: { _id: string; token: string };
let catalog: Array<{ _id: string; slug: string; name: string; numReviews: number; rating: number }>;

const sql = (statement: string, args: Array<string | number> = []) => sqlRows(server.dbUrl, statement, args);

let next = 0;
/** A content no other test of this file reviews, with its numbers as they are now. */
const freshContent = () => catalog[next++]!;

async function review(account: Actor, contentId: string, rating: number, comment = `Rated ${rating}`) {
  const res = await api.call('createReview', {
    params: { id: contentId },
    body: { rating, comment },
    token: account.token,
  });
  expect(res.status).toBe(201);
  return res.body.review as { _id: string };
}

const contentBySlug = async (slug: string) =>
  (
    await api.call('contentBySlug', {
      params: { slug },
    })
  ).body;
const page = async (path: string) => (await fetch(server.url + path)).text();

const { server, api } = useServer();
beforeAll(async () => {
  admin = await asAdmin(api);
  // The oldest contents, for the tests that count a content's reviews; the newest are reviewed by the list's test.
  catalog = [];
  for (const n of [1, 2])
    catalog.push(
      ...(
        await api.call('searchContents', {
          query: { order: 'oldest', page: n },
        })
      ).body.contents,
    );
});

describe('GET /api/reviews/mine', () => {
  it('lists the caller’s reviews newest first, each with its content, ten a page, and nobody else’s', async () => {
    const ada = await signUp(api, 'Ada', { password: PASSWORD });
    const other = await signUp(api, 'Other', { password: PASSWORD });
    expect(
      (
        await api.call('myReviews', {
          token: ada.token,
        })
      ).body,
    ).toEqual({
      page: 1,
      pages: 1,
      count: 0,
      total: 0,
      reviews: [],
    });
    const { body: many } = await api.call('searchContents', {
      query: { order: 'latest' },
    });
    const reviewed = many.contents.slice(0, 11) as typeof catalog;
    for (const [i, content] of reviewed.entries()) await review(ada, content._id, 1 + (i % 5), `Review ${i}`);
    await review(other, reviewed[0]!._id, 5, 'Not Ada’s');

    const first = await api.call('myReviews', {
      token: ada.token,
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, pages: 2, count: 0, total: 11 });
    expect(first.body.reviews).toHaveLength(10);
    expect(first.body.reviews[0]).toMatchObject({
      name: 'Ada',
      rating: 1 + (10 % 5),
      comment: 'Review 10',
      content: { _id: reviewed[10]!._id, name: reviewed[10]!.name, slug: reviewed[10]!.slug },
    });
    const second = await api.call('myReviews', {
      query: { page: '2' },
      token: ada.token,
    });
    expect(second.body).toMatchObject({ page: 2, count: 10 });
    expect(second.body.reviews.map((r: AnyJson) => r.comment)).toEqual(['Review 0']);
    // A page that is not a number is the first; past the end, the last.
    expect(
      (
        await api.call('myReviews', {
          query: { page: 'abc' },
          token: ada.token,
        })
      ).body.page,
    ).toBe(1);
    expect(
      (
        await api.call('myReviews', {
          query: { page: '99' },
          token: ada.token,
        })
      ).body.page,
    ).toBe(2);
    // Their reviews are changed and deleted as anywhere else.
    const latest = first.body.reviews[0]._id as string;
    expect(
      (
        await api.call('deleteReview', {
          params: { id: latest },
          token: ada.token,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api.call('myReviews', {
          token: ada.token,
        })
      ).body.total,
    ).toBe(10);
  });
});

describe('GET /api/users/profile/export', () => {
  it('answers a dated JSON file, never cached, with every part of the account', async () => {
    const grace = await signUp(api, 'Grace', { password: PASSWORD });
    const second = await api.call('signIn', {
      body: { email: grace.email, password: PASSWORD },
    });
    expect(second.status).toBe(200);
    expect(
      (
        await api.call('changeProfile', {
          body: { name: 'Grace', email: grace.email, decisionMails: false },
          token: grace.token,
        })
      ).status,
    ).toBe(200);
    const [saved, reviewed, reported] = [freshContent(), freshContent(), freshContent()];
    expect(
      (
        await api.call('save', {
          params: { id: saved._id },
          token: grace.token,
        })
      ).status,
    ).toBe(200);
    const written = await review(grace, reviewed._id, 4, 'Clear and well paced.');
    const submitted = await api.call('submitLink', {
      body: { url: `https://export-${Date.now()}.example.org/`, name: 'Exported Course' },
      token: grace.token,
    });
    expect(submitted.status).toBe(201);
    expect(
      (
        await api.call('reportLink', {
          params: { id: reported._id },
          token: grace.token,
        })
      ).status,
    ).toBe(201);

    const res = await api.call('exportAccount', {
      token: second.body.token,
    });
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="skillshelf-export-${today}.json"`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const data = res.body;
    expect(data.account).toMatchObject({
      _id: grace._id,
      name: 'Grace',
      email: grace.email,
      role: 'user',
      settings: { decisionMails: false },
    });
    expect(data.saves).toEqual([
      {
        content: { _id: saved._id, name: saved.name, slug: saved.slug, url: expect.any(String) },
        savedAt: expect.any(String),
      },
    ]);
    expect(data.reviews).toEqual([
      expect.objectContaining({
        _id: written._id,
        rating: 4,
        comment: 'Clear and well paced.',
        content: expect.objectContaining({ _id: reviewed._id }),
      }),
    ]);
    expect(data.submissions).toEqual([
      expect.objectContaining({ _id: submitted.body._id, name: 'Exported Course', status: 'pending', content: null }),
    ]);
    expect(data.linkReports).toEqual([
      {
        content: { _id: reported._id, name: reported.name, slug: reported.slug },
        url: expect.any(String),
        reportedAt: expect.any(String),
      },
    ]);
    expect(data.sessions.count).toBe(2);
    expect(data.sessions.sessions.map((s: AnyJson) => s.current).sort()).toEqual([false, true]);
    // The browser that signed up and the one that signed in again.
    expect(data.knownDevices).toEqual([
      expect.objectContaining({ expiresAt: expect.any(String) }),
      expect.objectContaining({ signedInAt: expect.any(String) }),
    ]);
    expect(data.uploads).toEqual([]);
  });

  it('holds no secret: no password or its hash, no session token or hash, no reset link', async () => {
    const linus = await signUp(api, 'Linus', { password: PASSWORD });
    expect(
      (
        await api.call('forgetPassword', {
          body: { email: linus.email },
        })
      ).status,
    ).toBe(200);
    const resetToken = await mailedResetToken(server.dbUrl, linus.email);
    const res = await fetch(`${server.url}/api/users/profile/export`, {
      headers: { authorization: `Bearer ${linus.token}` },
    });
    const text = await res.text();
    const [user] = await sql('SELECT password_hash FROM users WHERE id = ?', [linus._id]);
    const sessions = await sql('SELECT id FROM sessions WHERE user_id = ?', [linus._id]);
    const resets = await sql('SELECT id FROM password_reset_tokens WHERE user_id = ?', [linus._id]);
    const devices = await sql('SELECT id FROM known_devices WHERE user_id = ?', [linus._id]);
    expect(sessions.length).toBeGreaterThan(0);
    expect(devices.length).toBeGreaterThan(0);
    expect(resets.length).toBe(1);
    for (const secret of [
      PASSWORD,
      String(user!.password_hash),
      linus.token,
      resetToken,
      ...sessions.map((s) => String(s.id)),
      ...resets.map((r) => String(r.id)),
      ...devices.map((d) => String(d.id)),
    ]) {
      expect(text).not.toContain(secret);
    }
    const keys = new Set<string>();
    const walk = (value: unknown): void => {
      if (!value || typeof value !== 'object') return;
      for (const [key, inner] of Object.entries(value)) {
        if (!Array.isArray(value)) keys.add(key);
        walk(inner);
      }
    };
    walk(JSON.parse(text));
    expect([...keys].filter((key) => /password|token|hash|secret/i.test(key))).toEqual([]);
  });
});

describe('DELETE /api/users/profile', () => {
  /** A user with a bit of everything: two reviews, a save, a submission, a link report, two sessions. */
  async function busyAccount(name: string) {
    const account = await signUp(api, name, { password: PASSWORD });
    const other = await api.call('signIn', {
      body: { email: account.email, password: PASSWORD },
    });
    const [first, second, saved, reported] = [freshContent(), freshContent(), freshContent(), freshContent()];
    const reviews = [
      await review(account, first._id, 1, 'Too slow for me.'),
      await review(account, second._id, 2, 'Not my kind of course.'),
    ];
    expect(
      (
        await api.call('save', {
          params: { id: saved._id },
          token: account.token,
        })
      ).status,
    ).toBe(200);
    const submitted = await api.call('submitLink', {
      body: { url: `https://leaving-${Date.now()}-${name}.example.org/` },
      token: account.token,
    });
    expect(submitted.status).toBe(201);
    expect(
      (
        await api.call('reportLink', {
          params: { id: reported._id },
          token: account.token,
        })
      ).status,
    ).toBe(201);
    return {
      ...account,
      otherToken: other.body.token as string,
      reviewed: [first, second],
      reviews,
      submission: submitted.body._id as string,
    };
  }

  /** What the database holds of the user, by table. */
  const heldOf = async (id: string) => {
    const count = async (table: string) =>
      Number((await sql(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?`, [id]))[0]!.n);
    return {
      users: Number((await sql('SELECT count(*) AS n FROM users WHERE id = ?', [id]))[0]!.n),
      sessions: await count('sessions'),
      saves: await count('saves'),
      reviews: await count('reviews'),
      linkReports: await count('link_reports'),
      submissions: await count('submissions'),
    };
  };

  it('refuses a wrong password beside the field, and deletes nothing', async () => {
    const ada = await busyAccount('Wrong');
    const before = await heldOf(ada._id);
    const res = await api.call('deleteAccount', {
      body: { password: 'not-the-password', reviews: 'anonymise' },
      token: ada.token,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      message: 'Password is incorrect',
      code: 'VALIDATION',
      fields: { password: 'Password is incorrect' },
    });
    expect(await heldOf(ada._id)).toEqual(before);
    expect(before).toEqual({ users: 1, sessions: 2, saves: 1, reviews: 2, linkReports: 1, submissions: 1 });
    expect(
      (
        await api.call('getProfile', {
          token: ada.token,
        })
      ).status,
    ).toBe(200);
  });

  it('refuses what is not a confirmation with a 4xx naming the problem, never a 5xx', async () => {
    const ada = await signUp(api, 'Input', { password: PASSWORD });
    const cases: Array<[unknown, number, RegExp]> = [
      [{ reviews: 'anonymise' }, 400, /password to confirm/],
      [{ password: '', reviews: 'delete' }, 400, /password to confirm/],
      [{ password: 42, reviews: 'delete' }, 400, /password to confirm/],
      [{ password: PASSWORD }, 400, /anonymised or deleted/],
      [{ password: PASSWORD, reviews: 'keep' }, 400, /anonymised or deleted/],
      [{ password: 'x'.repeat(10_000), reviews: 'delete' }, 400, /incorrect/],
      [[PASSWORD], 400, /JSON object/],
    ];
    for (const [body, status, message] of cases) {
      const res = await api.raw.send('DELETE', '/api/users/profile', body, { token: ada.token });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message, JSON.stringify(body)).toMatch(message);
    }
    const empty = await api.call('deleteAccount', {
      token: ada.token,
    });
    expect(empty.status).toBe(400);
    const notJson = await api.call('deleteAccount', {
      token: ada.token,
      raw: 'password=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(notJson.status).toBe(415);
    expect((await heldOf(ada._id)).users).toBe(1);
  });

  it('anonymised: the reviews stay as “Former member” with their stars, pages show it, the rest goes, and it is audited', async () => {
    const ada = await busyAccount('Anonymised');
    const [first] = ada.reviewed;
    const before = await contentBySlug(first!.slug);
    // The content's page and answer are cached before the deletion: they must not keep the name.
    expect(await page(`/content/${first!.slug}`)).toContain('Anonymised');
    const res = await api.call('deleteAccount', {
      body: { password: PASSWORD, reviews: 'anonymise' },
      token: ada.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Your account was deleted' });
    expect(res.headers.getSetCookie().map((c) => c.split(';')[0])).toEqual(
      expect.arrayContaining(['session=deleted', 'signed_in=deleted']),
    );

    // Signed out everywhere.
    for (const token of [ada.token, ada.otherToken])
      expect(
        (
          await api.call('getProfile', {
            token,
          })
        ).status,
      ).toBe(401);
    expect(
      (
        await api.call('signIn', {
          body: { email: ada.email, password: PASSWORD },
        })
      ).status,
    ).toBe(401);
    expect(await heldOf(ada._id)).toEqual({
      users: 0,
      sessions: 0,
      saves: 0,
      reviews: 0,
      linkReports: 0,
      submissions: 0,
    });
    // Kept without the author: the submission and the reviews.
    expect(await sql('SELECT user_id, status FROM submissions WHERE id = ?', [ada.submission])).toEqual([
      { user_id: null, status: 'pending' },
    ]);
    const kept = await sql(
      `SELECT id, user_id, name, rating FROM reviews WHERE id IN (?, ?) ORDER BY rating`,
      ada.reviews.map((r) => r._id),
    );
    expect(kept).toEqual([
      { id: ada.reviews[0]!._id, user_id: null, name: 'Former member', rating: 1 },
      { id: ada.reviews[1]!._id, user_id: null, name: 'Former member', rating: 2 },
    ]);
    const after = await contentBySlug(first!.slug);
    expect({ rating: after.rating, numReviews: after.numReviews }).toEqual({
      rating: before.rating,
      numReviews: before.numReviews,
    });
    expect(after.reviews.find((r: AnyJson) => r._id === ada.reviews[0]!._id)).toMatchObject({
      name: 'Former member',
      rating: 1,
      comment: 'Too slow for me.',
    });
    const html = await page(`/content/${first!.slug}`);
    expect(html).toContain('Former member');
    expect(html).not.toContain('Anonymised');
    // Only an admin may change an anonymised review now.
    expect(
      (
        await api.call('changeReview', {
          params: { id: ada.reviews[0]!._id },
          body: { rating: 3, comment: 'x' },
          token: (await signUp(api, 'Owner', { password: PASSWORD })).token,
        })
      ).status,
    ).toBe(403);
    const admins = await api.call('adminReviews', {
      query: { content: first!._id },
      token: admin.token,
    });
    expect(admins.body.reviews.find((r: AnyJson) => r._id === ada.reviews[0]!._id)).toMatchObject({
      userId: null,
      name: 'Former member',
    });

    const audit = await sql(
      "SELECT actor, actor_label, action, target_id, details FROM audit_log WHERE target_id = ? AND action = 'user.delete'",
      [ada._id],
    );
    expect(audit).toHaveLength(1);
    // By their id alone: neither their email nor their name (tests/security/a-deleted-account-leaves-no-personal-data.test.ts).
    expect(audit[0]).toMatchObject({ actor: `user:${ada._id}`, actor_label: 'Deleted account', target_id: ada._id });
    expect(JSON.parse(String(audit[0]!.details))).toEqual({ self: true, reviews: 'anonymised' });
  });

  it('deleted: the reviews go and their contents are counted without them', async () => {
    const ada = await busyAccount('Removed');
    const [first, second] = ada.reviewed;
    expect(await page(`/content/${first!.slug}`)).toContain('Removed');
    const res = await api.call('deleteAccount', {
      body: { password: PASSWORD, reviews: 'delete' },
      token: ada.token,
    });
    expect(res.status).toBe(200);
    expect(await heldOf(ada._id)).toEqual({
      users: 0,
      sessions: 0,
      saves: 0,
      reviews: 0,
      linkReports: 0,
      submissions: 0,
    });
    expect(
      await sql(
        'SELECT count(*) AS n FROM reviews WHERE id IN (?, ?)',
        ada.reviews.map((r) => r._id),
      ),
    ).toEqual([{ n: 0 }]);
    expect(await sql('SELECT user_id FROM submissions WHERE id = ?', [ada.submission])).toEqual([{ user_id: null }]);
    for (const content of [first!, second!]) {
      const now = await contentBySlug(content.slug);
      expect({ rating: now.rating, numReviews: now.numReviews }).toEqual({
        rating: content.rating,
        numReviews: content.numReviews,
      });
    }
    expect(await page(`/content/${first!.slug}`)).not.toContain('Removed');
    const [audit] = await sql("SELECT details FROM audit_log WHERE target_id = ? AND action = 'user.delete'", [
      ada._id,
    ]);
    expect(JSON.parse(String(audit!.details))).toMatchObject({ self: true, reviews: 'deleted' });
  });

  it('the last admin cannot delete their account; an admin who is not the last can', async () => {
    const refused = await api.call('deleteAccount', {
      body: { password: DEMO_ADMIN.password, reviews: 'anonymise' },
      token: admin.token,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/at least one admin/);
    expect(await sql('SELECT is_admin FROM users WHERE id = ?', [admin._id])).toEqual([{ is_admin: 1 }]);
    expect(
      await sql("SELECT count(*) AS n FROM audit_log WHERE target_id = ? AND action = 'user.delete'", [admin._id]),
    ).toEqual([{ n: 0 }]);

    const second = await signUp(api, 'Second Admin', { password: PASSWORD });
    expect(
      (
        await api.call('changeUser', {
          params: { id: second._id },
          body: { name: second.name, email: second.email, isAdmin: true },
          token: admin.token,
        })
      ).status,
    ).toBe(200);
    // The role change ended their sessions.
    const signedIn = await api.call('signIn', {
      body: { email: second.email, password: PASSWORD },
    });
    const res = await api.call('deleteAccount', {
      body: { password: PASSWORD, reviews: 'delete' },
      token: signedIn.body.token,
    });
    expect(res.status).toBe(200);
    expect(await sql('SELECT count(*) AS n FROM users WHERE id = ?', [second._id])).toEqual([{ n: 0 }]);
  });
});

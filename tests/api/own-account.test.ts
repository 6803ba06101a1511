/**
 * An account its owner runs (docs/product.md §4): the reviews they wrote, and everything held about them as a
 * file, through the real server. Every answer is checked against the OpenAPI document (tests/setup/http.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, uniqueEmail, type AnyJson, type ApiClient } from '../setup/http.ts';
import { startServer, type TestServer } from '../setup/server.ts';
import { mailedResetToken, sqlRows } from '../setup/sql.ts';

const PASSWORD = 'own-account-password';

let server: TestServer;
let api: ApiClient;
let catalog: Array<{ _id: string; slug: string; name: string }>;

const sql = (statement: string, args: Array<string | number> = []) => sqlRows(server.dbUrl, statement, args);

interface Account {
  _id: string;
  token: string;
  email: string;
  name: string;
}

async function newAccount(name = 'Owner'): Promise<Account> {
  const email = uniqueEmail('own');
  const res = await api.post('/api/users/signup', { name, email, password: PASSWORD });
  expect(res.status).toBe(201);
  return { ...res.body, email, name };
}

let next = 0;
/** A content no other test of this file uses. */
const freshContent = () => catalog[next++]!;

async function review(account: Account, contentId: string, rating: number, comment = `Rated ${rating}`) {
  const res = await api.post(`/api/contents/${contentId}/reviews`, { rating, comment }, { token: account.token });
  expect(res.status).toBe(201);
  return res.body.review as { _id: string };
}

beforeAll(async () => {
  server = await startServer();
  api = apiClient(server.url);
  // The oldest contents, for the export's test; the newest are reviewed by the list's test.
  catalog = [];
  for (const n of [1, 2]) catalog.push(...(await api.get(`/api/contents/search?order=oldest&page=${n}`)).body.contents);
});
afterAll(() => server?.stop());

describe('GET /api/reviews/mine', () => {
  it('lists the caller’s reviews newest first, each with its content, ten a page, and nobody else’s', async () => {
    const ada = await newAccount('Ada');
    const other = await newAccount('Other');
    expect((await api.get('/api/reviews/mine', { token: ada.token })).body).toEqual({ page: 1, pages: 1, count: 0, total: 0, reviews: [] });
    const { body: many } = await api.get('/api/contents/search?order=latest');
    const reviewed = many.contents.slice(0, 11) as typeof catalog;
    for (const [i, content] of reviewed.entries()) await review(ada, content._id, 1 + (i % 5), `Review ${i}`);
    await review(other, reviewed[0]!._id, 5, 'Not Ada’s');

    const first = await api.get('/api/reviews/mine', { token: ada.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, pages: 2, count: 0, total: 11 });
    expect(first.body.reviews).toHaveLength(10);
    expect(first.body.reviews[0]).toMatchObject({
      name: 'Ada',
      rating: 1 + (10 % 5),
      comment: 'Review 10',
      content: { _id: reviewed[10]!._id, name: reviewed[10]!.name, slug: reviewed[10]!.slug },
    });
    const second = await api.get('/api/reviews/mine?page=2', { token: ada.token });
    expect(second.body).toMatchObject({ page: 2, count: 10 });
    expect(second.body.reviews.map((r: AnyJson) => r.comment)).toEqual(['Review 0']);
    // A page that is not a number is the first; past the end, the last.
    expect((await api.get('/api/reviews/mine?page=abc', { token: ada.token })).body.page).toBe(1);
    expect((await api.get('/api/reviews/mine?page=99', { token: ada.token })).body.page).toBe(2);
    // Their reviews are changed and deleted as anywhere else.
    const latest = first.body.reviews[0]._id as string;
    expect((await api.del(`/api/reviews/${latest}`, { token: ada.token })).status).toBe(200);
    expect((await api.get('/api/reviews/mine', { token: ada.token })).body.total).toBe(10);
  });
});

describe('GET /api/users/profile/export', () => {
  it('answers a dated JSON file, never cached, with every part of the account', async () => {
    const grace = await newAccount('Grace');
    const second = await api.post('/api/users/signin', { email: grace.email, password: PASSWORD });
    expect(second.status).toBe(200);
    expect((await api.put('/api/users/profile', { name: 'Grace', email: grace.email, decisionMails: false }, { token: grace.token })).status).toBe(200);
    const [saved, reviewed, reported] = [freshContent(), freshContent(), freshContent()];
    expect((await api.put(`/api/users/saves/${saved._id}`, undefined, { token: grace.token })).status).toBe(200);
    const written = await review(grace, reviewed._id, 4, 'Clear and well paced.');
    const submitted = await api.post(
      '/api/submissions/create',
      { url: `https://export-${Date.now()}.example.org/`, name: 'Exported Course' },
      { token: grace.token },
    );
    expect(submitted.status).toBe(201);
    expect((await api.post(`/api/contents/${reported._id}/report-link`, undefined, { token: grace.token })).status).toBe(201);

    const res = await api.get('/api/users/profile/export', { token: second.body.token });
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="skillshelf-export-${today}.json"`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const data = res.body;
    expect(data.account).toMatchObject({ _id: grace._id, name: 'Grace', email: grace.email, role: 'user', settings: { decisionMails: false } });
    expect(data.saves).toEqual([{ content: { _id: saved._id, name: saved.name, slug: saved.slug, url: expect.any(String) }, savedAt: expect.any(String) }]);
    expect(data.reviews).toEqual([
      expect.objectContaining({ _id: written._id, rating: 4, comment: 'Clear and well paced.', content: expect.objectContaining({ _id: reviewed._id }) }),
    ]);
    expect(data.submissions).toEqual([expect.objectContaining({ _id: submitted.body._id, name: 'Exported Course', status: 'pending', content: null })]);
    expect(data.linkReports).toEqual([
      { content: { _id: reported._id, name: reported.name, slug: reported.slug }, url: expect.any(String), reportedAt: expect.any(String) },
    ]);
    expect(data.sessions.count).toBe(2);
    expect(data.sessions.sessions.map((s: AnyJson) => s.current).sort()).toEqual([false, true]);
    expect(data.uploads).toEqual([]);
  });

  it('holds no secret: no password or its hash, no session token or hash, no reset link', async () => {
    const linus = await newAccount('Linus');
    expect((await api.post('/api/users/forget-password', { email: linus.email })).status).toBe(200);
    const resetToken = await mailedResetToken(server.dbUrl, linus.email);
    const res = await fetch(`${server.url}/api/users/profile/export`, { headers: { authorization: `Bearer ${linus.token}` } });
    const text = await res.text();
    const [user] = await sql('SELECT password_hash FROM users WHERE id = ?', [linus._id]);
    const sessions = await sql('SELECT id FROM sessions WHERE user_id = ?', [linus._id]);
    const resets = await sql('SELECT id FROM password_reset_tokens WHERE user_id = ?', [linus._id]);
    expect(sessions.length).toBeGreaterThan(0);
    expect(resets.length).toBe(1);
    for (const secret of [
      PASSWORD,
      String(user!.password_hash),
      linus.token,
      resetToken,
      ...sessions.map((s) => String(s.id)),
      ...resets.map((r) => String(r.id)),
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

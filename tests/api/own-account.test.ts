/**
 * An account its owner runs (docs/product.md §4): the reviews they wrote, through the real server. Every answer
 * is checked against the OpenAPI document (tests/setup/http.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, uniqueEmail, type AnyJson, type ApiClient } from '../setup/http.ts';
import { startServer, type TestServer } from '../setup/server.ts';

const PASSWORD = 'own-account-password';

let server: TestServer;
let api: ApiClient;

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

async function review(account: Account, contentId: string, rating: number, comment = `Rated ${rating}`) {
  const res = await api.post(`/api/contents/${contentId}/reviews`, { rating, comment }, { token: account.token });
  expect(res.status).toBe(201);
  return res.body.review as { _id: string };
}

beforeAll(async () => {
  server = await startServer();
  api = apiClient(server.url);
});
afterAll(() => server?.stop());

describe('GET /api/reviews/mine', () => {
  it('lists the caller’s reviews newest first, each with its content, ten a page, and nobody else’s', async () => {
    const ada = await newAccount('Ada');
    const other = await newAccount('Other');
    expect((await api.get('/api/reviews/mine', { token: ada.token })).body).toEqual({ page: 1, pages: 1, count: 0, total: 0, reviews: [] });
    const { body: many } = await api.get('/api/contents/search?order=latest');
    const reviewed = many.contents.slice(0, 11) as Array<{ _id: string; slug: string; name: string }>;
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

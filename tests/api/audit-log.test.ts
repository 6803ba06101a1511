/**
 * The Audit log's API (docs/product.md#pages Audit log): GET /api/audit/admin through the real server, after
 * audited changes made through the API: the admin lists' convention, the filters action and admin, search in
 * targets and details, whether each target still exists, and what it does with input it does not understand.
 * Every answer is checked against the OpenAPI document (tests/setup/http.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, asUser, signUp, CATALOG_READY } from '../setup/actors.ts';

let admin: { _id: string; token: string; email: string };
let other: { _id: string; token: string; email: string };
let user: { _id: string; token: string };
const me = () => `user:${admin._id}`;
const audit = (query = '', token = admin.token) => api.raw.get(`/api/audit/admin${query}`, { token });
const word = `Audited${Date.now()}`;
let rejected: string;
let deletedReview: string;

async function submit(name: string) {
  const res = await api.call('submitLink', {
    body: { ...CATALOG_READY, url: `https://${name.toLowerCase()}.example.org/`, name },
    token: user.token,
  });
  expect(res.status).toBe(201);
  return res.body._id as string;
}

const { api } = useServer({ env: { RATE_LIMIT_OFF: 'true' } });
beforeAll(async () => {
  admin = await asAdmin(api);
  user = await signUp(api, 'Audit User');
  const second = await signUp(api, 'Second Admin');
  expect(
    (
      await api.call('changeUser', {
        params: { id: second._id },
        body: { name: second.name, email: second.email, isAdmin: true },
        token: admin.token,
      })
    ).status,
  ).toBe(200);
  other = await asUser(api, second);

  // Audited changes, oldest first: a rejection, an approval by the other admin, a review deleted.
  rejected = await submit(`${word}Spam`);
  expect(
    (
      await api.call('rejectSubmission', {
        params: { id: rejected },
        body: { reason: 'spam', note: 'Not a course.' },
        token: admin.token,
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await api.call('approveSubmission', {
        params: { id: await submit(`${word}Good`) },
        body: {},
        token: other.token,
      })
    ).status,
  ).toBe(201);
  const { body } = await api.call('searchContents', {
    query: { order: 'oldest' },
  });
  const posted = await api.call('createReview', {
    params: { id: body.contents[0]._id },
    body: { rating: 1, comment: `${word} abusive words` },
    token: user.token,
  });
  deletedReview = posted.body.review._id;
  expect(
    (
      await api.call('deleteReview', {
        params: { id: deletedReview },
        token: admin.token,
      })
    ).status,
  ).toBe(200);
});

describe('GET /api/audit/admin', () => {
  it('lists every admin change, newest first, with who, what, the target and the details', async () => {
    const res = await audit();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, pageSize: 10, count: 0 });
    const entries = res.body.entries as Array<{
      action: string;
      at: string;
      admin: { id: string; label: string };
      target: { type: string; id: string };
    }>;
    const times = entries.map((e) => e.at);
    expect(times).toEqual([...times].sort().reverse());
    // The second admin made one, then the three changes above; the newest first.
    expect(entries.slice(0, 3).map((e) => e.action)).toEqual([
      'review.delete',
      'submission.approve',
      'submission.reject',
    ]);
    expect(entries[0]).toMatchObject({
      admin: { id: me(), label: 'Ada Admin', email: DEMO_ADMIN.email },
      target: { type: 'review', id: deletedReview, exists: false },
      details: { rating: 1, comment: `${word} abusive words` },
    });
    expect(entries[1]!.admin).toEqual({ id: `user:${other._id}`, label: 'Second Admin', email: other.email });
    expect(entries[2]).toMatchObject({
      target: { type: 'submission', id: rejected, exists: true },
      details: { name: `${word}Spam`, reason: 'spam', note: 'Not a course.' },
    });
  });

  it('filters by action and by admin, together too', async () => {
    const rejections = (await audit('?action=submission.reject')).body;
    expect(rejections.entries.map((e: { action: string }) => e.action)).toEqual(['submission.reject']);
    const mine = (await audit(`?admin=${encodeURIComponent(me())}`)).body;
    expect(mine.entries.every((e: { admin: { id: string } }) => e.admin.id === me())).toBe(true);
    expect(mine.entries.map((e: { action: string }) => e.action)).toContain('user.update');
    const theirs = (await audit(`?admin=${encodeURIComponent(`user:${other._id}`)}&action=submission.approve`)).body;
    expect(theirs.total).toBe(1);
    expect((await audit(`?admin=${encodeURIComponent(`user:${other._id}`)}&action=submission.reject`)).body.total).toBe(
      0,
    );
  });

  it('searches the target and the details', async () => {
    const found = (await audit(`?search=${word}`)).body;
    expect(found.entries.map((e: { action: string }) => e.action)).toEqual([
      'review.delete',
      'submission.approve',
      'submission.reject',
    ]);
    expect(
      (await audit(`?search=${encodeURIComponent(`submission:${rejected}`)}`)).body.entries.map(
        (e: { action: string }) => e.action,
      ),
    ).toEqual(['submission.reject']);
    expect((await audit('?search=no-such-words-anywhere')).body).toMatchObject({ total: 0, pages: 1, entries: [] });
  });

  it('sorts by action and admin, and pages', async () => {
    const all = (await audit('?pageSize=100')).body;
    const byAction = (await audit('?sort=action&pageSize=100')).body.entries.map((e: { action: string }) => e.action);
    expect(byAction).toEqual([...byAction].sort());
    const byAdmin = (await audit('?sort=admin&order=desc&pageSize=100')).body.entries.map(
      (e: { admin: { label: string } }) => e.admin.label.toLowerCase(),
    );
    expect(byAdmin).toEqual([...byAdmin].sort().reverse());
    const second = (await audit('?pageSize=1&page=2')).body;
    expect(second).toMatchObject({ page: 2, pageSize: 1, count: 1, total: all.total, pages: all.total });
    expect(second.entries[0].id).toBe(all.entries[1].id);
  });

  it('takes what it does not understand as the default, never a 5xx', async () => {
    const all = (await audit()).body;
    for (const query of [
      '?action=user.explode',
      '?action=',
      '?admin=%00',
      `?admin=${'x'.repeat(500)}`,
      '?sort=drop&order=sideways',
      '?pageSize=abc&page=-3',
      `?search=${'%25'.repeat(300)}`,
    ]) {
      const res = await audit(query);
      expect(res.status, query).toBe(200);
      expect(res.body.pageSize, query).toBeGreaterThanOrEqual(1);
    }
    expect((await audit('?action=user.explode')).body.total).toBe(all.total);
    expect((await audit('?pageSize=100000')).body.pageSize).toBe(100);
    expect((await audit('?page=999')).body.page).toBe(all.pages);
  });

  it('answers 401 without a session and 403 to a user, with a message', async () => {
    const visitor = await api.call('auditLog');
    expect(visitor.status).toBe(401);
    expect(visitor.body.message).toEqual(expect.any(String));
    const refused = await audit('', user.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toEqual(expect.any(String));
  });
});

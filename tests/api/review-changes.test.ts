/**
 * Changing and removing reviews (docs/product.md#how-things-change, decision 021) through the real server: PUT and DELETE
 * /api/reviews/{id} for the author or an admin (audited), the content's totals exact under concurrent
 * changes, and the admin's reviews list with the admin lists' parameters.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Query } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, signUp } from '../setup/actors.ts';
import { sqlRows } from '../setup/sql.ts';

let admin: { _id: string; token: string };
let contentIds: string[];
let next = 0;

const { server, api } = useServer();
beforeAll(async () => {
  admin = await asAdmin(api);
  const pages = await Promise.all(
    [1, 2, 3, 4].map((page) =>
      api.call('searchContents', {
        query: { order: 'oldest', page },
      }),
    ),
  );
  contentIds = pages.flatMap((p) => p.body.contents.map((c: { _id: string }) => c._id));
});

/** A content no other test of this file reviews. */
const freshContent = () => contentIds[next++]!;

const sql = (statement: string, args: Array<string | number> = []) => sqlRows(server.dbUrl, statement, args);

/** The content's stored totals beside a recount of its reviews. */
async function storedAndCounted(contentId: string) {
  const [row] = await sql(
    `SELECT c.num_reviews AS stored, c.rating AS storedRating, (SELECT count(*) FROM reviews r WHERE r.content_id = c.id) AS counted,
            coalesce((SELECT avg(rating) FROM reviews r WHERE r.content_id = c.id), 0) AS countedRating FROM contents c WHERE c.id = ?`,
    [contentId],
  );
  return row!;
}

async function review(token: string, contentId: string, rating = 4, comment = 'Good and clear.') {
  const res = await api.call('createReview', {
    params: { id: contentId },
    body: { rating, comment },
    token,
  });
  expect(res.status).toBe(201);
  return res.body.review as { _id: string; name: string; rating: number; comment: string; createdAt: string };
}

describe('PUT and DELETE /api/reviews/{id}', () => {
  it('the author changes the rating and comment: the answer and the content carry the new totals, name and date stay', async () => {
    const author = await signUp(api, 'Ada Author');
    const contentId = freshContent();
    const posted = await review(author.token, contentId, 2, 'Hard to follow.');
    const changed = await api.call('changeReview', {
      params: { id: posted._id },
      body: { rating: 5, comment: 'Second read: excellent.' },
      token: author.token,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.review).toEqual({ ...posted, rating: 5, comment: 'Second read: excellent.' });
    const totals = await storedAndCounted(contentId);
    expect(totals.stored).toBe(totals.counted);
    expect(totals.storedRating).toBe(totals.countedRating);
    expect(changed.body).toMatchObject({
      numReviews: totals.counted,
      numReview: totals.counted,
      rating: Math.round(Number(totals.countedRating) * 100) / 100,
    });
    const mine = await api.call('myReviewOf', {
      params: { id: contentId },
      token: author.token,
    });
    expect(mine.body.review).toMatchObject({ rating: 5, comment: 'Second read: excellent.' });
  });

  it('the author deletes it: gone from the content, the totals follow, and they may review again', async () => {
    const author = await signUp(api, 'Reviewer');
    const contentId = freshContent();
    const posted = await review(author.token, contentId, 1);
    const before = await storedAndCounted(contentId);
    const deleted = await api.call('deleteReview', {
      params: { id: posted._id },
      token: author.token,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({
      message: 'Review deleted successfully',
      numReviews: Number(before.counted) - 1,
    });
    expect((await storedAndCounted(contentId)).stored).toBe(Number(before.counted) - 1);
    expect(
      (
        await api.call('myReviewOf', {
          params: { id: contentId },
          token: author.token,
        })
      ).body.review,
    ).toBeNull();
    await review(author.token, contentId, 3);
    expect(
      (
        await api.call('deleteReview', {
          params: { id: posted._id },
          token: author.token,
        })
      ).status,
    ).toBe(404);
  });

  it('another user gets 403 and changes nothing; a visitor 401; an unknown review 404', async () => {
    const author = await signUp(api, 'Reviewer');
    const other = await signUp(api, 'Mallory');
    const contentId = freshContent();
    const posted = await review(author.token, contentId, 4, 'Mine.');
    const put = await api.call('changeReview', {
      params: { id: posted._id },
      body: { rating: 1, comment: 'Hijacked' },
      token: other.token,
    });
    expect(put.status).toBe(403);
    expect(put.body.message).toBe('You can only change your own review');
    expect(
      (
        await api.call('deleteReview', {
          params: { id: posted._id },
          token: other.token,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await api.call('changeReview', {
          params: { id: posted._id },
          body: { rating: 1, comment: 'x' },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await api.call('deleteReview', {
          params: { id: posted._id },
        })
      ).status,
    ).toBe(401);
    const [row] = await sql('SELECT rating, comment FROM reviews WHERE id = ?', [posted._id]);
    expect(row).toMatchObject({ rating: 4, comment: 'Mine.' });
    for (const id of ['no-such-review', '%27%20OR%201%3D1--', 'x'.repeat(300)]) {
      const res = await api.call('changeReview', {
        params: { id },
        body: { rating: 3, comment: 'x' },
        token: author.token,
      });
      expect(res.status, id).toBe(404);
      expect(res.body.message).toBe('Review not found');
      expect(
        (
          await api.call('deleteReview', {
            params: { id },
            token: admin.token,
          })
        ).status,
      ).toBe(404);
    }
  });

  it('an admin changes and deletes any review; both are in the audit log with what the review said', async () => {
    const author = await signUp(api, 'Troll');
    const contentId = freshContent();
    const posted = await review(author.token, contentId, 1, 'Abusive words');
    const changed = await api.call('changeReview', {
      params: { id: posted._id },
      body: { rating: 1, comment: '[removed by a moderator]' },
      token: admin.token,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.review.name).toBe('Troll');
    const deleted = await api.call('deleteReview', {
      params: { id: posted._id },
      token: admin.token,
    });
    expect(deleted.status).toBe(200);
    const audit = await sql(
      'SELECT actor, action, details FROM audit_log WHERE target_type = ? AND target_id = ? ORDER BY id',
      ['review', posted._id],
    );
    expect(audit.map((row) => [row.actor, row.action])).toEqual([
      [`user:${admin._id}`, 'review.update'],
      [`user:${admin._id}`, 'review.delete'],
    ]);
    expect(JSON.parse(String(audit[1]!.details))).toMatchObject({
      contentId,
      author: 'Troll',
      rating: 1,
      comment: '[removed by a moderator]',
    });
    // The author's own changes are not admin actions.
    const own = await review(author.token, contentId, 2, 'Calmer now');
    await api.call('changeReview', {
      params: { id: own._id },
      body: { rating: 3, comment: 'Calmer now' },
      token: author.token,
    });
    expect(await sql('SELECT count(*) AS n FROM audit_log WHERE target_id = ?', [own._id])).toEqual([
      expect.objectContaining({ n: 0 }),
    ]);
  });

  it('hostile input gets 400 with a message and changes nothing', async () => {
    const author = await signUp(api, 'Reviewer');
    const posted = await review(author.token, freshContent(), 4, 'Kept as is');
    const bodies: unknown[] = [
      {},
      { rating: 0, comment: 'x' },
      { rating: 6, comment: 'x' },
      { rating: 2.5, comment: 'x' },
      { rating: '5; DROP TABLE reviews', comment: 'x' },
      { rating: true, comment: 'x' },
      { rating: 4, comment: '' },
      { rating: 4, comment: '\u200b\u202e' },
      { rating: 4, comment: 'x'.repeat(2001) },
      { rating: 4, comment: ['array'] },
      [1, 2],
      'just a string',
      null,
    ];
    for (const body of bodies) {
      const res = await api.raw.put(`/api/reviews/${posted._id}`, body, { token: author.token });
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    const raw = await api.call('changeReview', {
      params: { id: posted._id },
      token: author.token,
      raw: '{"rating": 4,',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.status).toBe(400);
    const [row] = await sql('SELECT rating, comment FROM reviews WHERE id = ?', [posted._id]);
    expect(row).toMatchObject({ rating: 4, comment: 'Kept as is' });
  });

  it('20 concurrent edits, deletions and new reviews leave the content’s rating and count equal to a recount', async () => {
    const contentId = freshContent();
    const authors = await Promise.all(Array.from({ length: 20 }, () => signUp(api, 'Reviewer')));
    const newcomers = await Promise.all(Array.from({ length: 5 }, () => signUp(api, 'Reviewer')));
    const before = Number((await storedAndCounted(contentId)).counted);
    const posted: Array<{ _id: string }> = [];
    for (const [i, author] of authors.entries()) posted.push(await review(author.token, contentId, 1 + (i % 5)));
    const answers = await Promise.all([
      ...authors.map((author, i) =>
        i % 2 === 0
          ? api.call('changeReview', {
              params: { id: posted[i]!._id },
              body: { rating: 5 - (i % 5), comment: `Edited ${i}` },
              token: author.token,
            })
          : api.call('deleteReview', {
              params: { id: posted[i]!._id },
              token: i % 3 === 0 ? admin.token : author.token,
            }),
      ),
      ...newcomers.map((user) =>
        api.call('createReview', {
          params: { id: contentId },
          body: { rating: 2, comment: 'Late' },
          token: user.token,
        }),
      ),
    ]);
    expect(answers.map((a) => a.status)).toEqual([...authors.map(() => 200), ...newcomers.map(() => 201)]);
    const totals = await storedAndCounted(contentId);
    expect(totals.counted).toBe(before + 10 + 5);
    expect(totals.stored).toBe(totals.counted);
    expect(Number(totals.storedRating)).toBeCloseTo(Number(totals.countedRating), 10);
  });
});

describe('GET /api/reviews/admin', () => {
  let contentA: string;
  let contentB: string;
  let contentAName: string;
  const marker = `zq${Date.now().toString(36)}`;

  beforeAll(async () => {
    [contentA, contentB] = [freshContent(), freshContent()];
    contentAName = String((await sql('SELECT name FROM contents WHERE id = ?', [contentA]))[0]!.name);
    const [ann, bob, cy] = [
      await signUp(api, `Ann ${marker}`),
      await signUp(api, 'Bob Builder'),
      await signUp(api, 'Cy Young'),
    ];
    await review(ann.token, contentA, 5, 'Wonderful course');
    await review(bob.token, contentA, 1, `Spam spam ${marker} buy now`);
    await review(cy.token, contentB, 3, `Average, 100% _fine_ ${marker}`);
  });

  const list = (query: Query, token = admin.token) => api.call('adminReviews', { query, token });

  it('searches the comment, the reviewer’s name and the content’s name, case-insensitively', async () => {
    const byMarker = await list({ search: marker.toUpperCase() });
    expect(byMarker.status).toBe(200);
    expect(byMarker.body.reviews.map((r: { name: string }) => r.name).sort()).toEqual([
      `Ann ${marker}`,
      'Bob Builder',
      'Cy Young',
    ]);
    expect(byMarker.body).toMatchObject({ total: 3, page: 1, pages: 1, pageSize: 10 });
    // % and _ are plain characters, not patterns.
    expect((await list({ search: '100% _fine_' })).body.total).toBe(1);
    expect((await list({ search: '%', content: contentA })).body.total).toBe(0);
    const byContentName = await list({ search: contentAName, content: contentA });
    // Every review of that content matches its name (the demo world may have reviewed it too).
    expect(byContentName.body.total).toBe((await list({ content: contentA })).body.total);
    expect(byContentName.body.total).toBeGreaterThanOrEqual(2);
    expect(byContentName.body.content).toEqual({ _id: contentA, name: contentAName });
    expect(byContentName.body.reviews[0].content).toMatchObject({ _id: contentA, name: contentAName });
  });

  it('filters by content and by rating, sorts by any column both ways, and pages with pageSize', async () => {
    expect(
      (await list({ content: contentA, rating: '1' })).body.reviews.map((r: { comment: string }) => r.comment),
    ).toEqual([`Spam spam ${marker} buy now`]);
    const byRating = await list({ search: marker, sort: 'rating', order: 'asc' });
    expect(byRating.body.reviews.map((r: { rating: number }) => r.rating)).toEqual([1, 3, 5]);
    // A column's natural order: names from A.
    const byName = await list({ search: marker, sort: 'name' });
    expect(byName.body.reviews.map((r: { name: string }) => r.name)).toEqual([
      `Ann ${marker}`,
      'Bob Builder',
      'Cy Young',
    ]);
    const byNameDesc = await list({ search: marker, sort: 'name', order: 'desc' });
    expect(byNameDesc.body.reviews.map((r: { name: string }) => r.name)).toEqual([
      'Cy Young',
      'Bob Builder',
      `Ann ${marker}`,
    ]);
    const all = await list({ pageSize: '25', page: '1' });
    expect(all.body.reviews.length).toBe(Math.min(25, all.body.total));
    const paged = await list({ search: marker, pageSize: '10', page: '99' });
    expect(paged.body).toMatchObject({ page: 1, pages: 1, count: 0 });
    expect((await list({ content: 'no-such-content' })).body).toMatchObject({ total: 0, content: null });
  });

  it('reads what it cannot apply as the default (never a 400); only admins may list', async () => {
    const newest = (await list({ search: marker, sort: 'createdAt', order: 'desc' })).body.reviews.map(
      (r: { _id: string }) => r._id,
    );
    for (const query of [
      'sort=password',
      'order=sideways',
      'rating=0',
      'rating=6',
      'rating=abc',
      'pageSize=',
      'sort=&order=&rating=&content=',
    ]) {
      const res = await api.raw.get(`/api/reviews/admin?search=${marker}&${query}`, { token: admin.token });
      expect(res.status, query).toBe(200);
      expect(
        res.body.reviews.map((r: { _id: string }) => r._id),
        query,
      ).toEqual(newest);
    }
    expect((await list({ search: marker, order: 'ASC' })).body.reviews.map((r: { _id: string }) => r._id)).toEqual(
      [...newest].reverse(),
    );
    // pageSize is clamped to 1–100, any number of it; a long search is cut to 200 characters.
    expect((await list({ pageSize: '7' })).body.pageSize).toBe(7);
    expect((await list({ pageSize: '0' })).body.pageSize).toBe(1);
    expect((await list({ pageSize: '1e9' })).body.pageSize).toBe(10);
    expect((await list({ pageSize: '100000' })).body.pageSize).toBe(100);
    expect((await list({ search: `${marker}${'x'.repeat(300)}` })).body.total).toBe(0);
    const user = await signUp(api, 'Reviewer');
    expect((await list({ page: '1' }, user.token)).status).toBe(403);
    expect((await api.call('adminReviews')).status).toBe(401);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../tests/setup/db.ts';
import { contents, linkChecks, linkReports, reviewReports, reviews, submissions, users } from '../schema.ts';
import { needsAttention } from './dashboard.ts';

let t: TestDb;
beforeEach(async () => (t = await createTestDb()));
afterEach(() => t.close());

const content = (id: string, url = `https://${id}.example.org/`) =>
  t.db.insert(contents).values({ id, name: id, slug: id, url });
const submission = (id: string, status: 'pending' | 'approved' | 'rejected') =>
  t.db
    .insert(submissions)
    .values({ id, name: id, slug: id, url: `https://${id}.example.org/`, urlKey: `${id}.example.org`, status });

describe('what needs attention', () => {
  it('nothing, in a new catalog', async () => {
    expect(await needsAttention(t.db)).toEqual({
      pendingSubmissions: 0,
      reportedLinks: 0,
      brokenLinks: 0,
      reportedReviews: 0,
    });
  });

  it('counts the queue, the contents reported (once each, for their current URL), the broken links and the reviews reported', async () => {
    await Promise.all([
      submission('s1', 'pending'),
      submission('s2', 'pending'),
      submission('s3', 'rejected'),
      submission('s4', 'approved'),
    ]);
    await Promise.all(['a', 'b', 'c', 'd'].map((id) => content(id)));
    await t.db.insert(users).values([
      { id: 'u1', name: 'One', email: 'one@example.com', passwordHash: 'x' },
      { id: 'u2', name: 'Two', email: 'two@example.com', passwordHash: 'x' },
    ]);
    await t.db.insert(linkReports).values([
      // Two users reported a: one content.
      { contentId: 'a', userId: 'u1', url: 'https://a.example.org/' },
      { contentId: 'a', userId: 'u2', url: 'https://a.example.org/' },
      // b's report is of a URL it no longer has.
      { contentId: 'b', userId: 'u1', url: 'https://old-b.example.org/' },
    ]);
    await t.db.insert(linkChecks).values([
      { contentId: 'c', url: 'https://c.example.org/', failures: 3, brokenSince: new Date() },
      // d was broken at a URL it no longer has; a is failing, not yet broken.
      { contentId: 'd', url: 'https://old-d.example.org/', failures: 3, brokenSince: new Date() },
      { contentId: 'a', url: 'https://a.example.org/', failures: 1 },
    ]);
    // Two users reported one review of a, one user another: two reviews wait.
    await t.db.insert(reviews).values([
      { id: 'r1', contentId: 'a', userId: 'u1', name: 'One', rating: 1, comment: 'spam' },
      { id: 'r2', contentId: 'b', userId: 'u1', name: 'One', rating: 1, comment: 'spam' },
      { id: 'r3', contentId: 'c', userId: 'u1', name: 'One', rating: 5, comment: 'fine' },
    ]);
    await t.db.insert(reviewReports).values([
      { reviewId: 'r1', userId: 'u2', reason: 'spam' },
      { reviewId: 'r2', userId: 'u2', reason: 'abusive' },
    ]);
    expect(await needsAttention(t.db)).toEqual({
      pendingSubmissions: 2,
      reportedLinks: 1,
      brokenLinks: 1,
      reportedReviews: 2,
    });
  });
});

/**
 * Helpful votes, reports of reviews and suggestions as one types (docs/product.md#audience-and-page-frame, #pages, #how-things-change), through the
 * real server: a review's count exact under 50 votes at once, its content's cached page showing it at once,
 * reports reaching the admin's reported filter and dashboard and dismissed with an audit entry, votes and
 * reports in the data export and gone with the account, and suggestions that answer any input with a 200.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';
import { sqlRows } from '../setup/sql.ts';

let admin: { _id: string; token: string; cookie: string };
let contents: Array<{ _id: string; slug: string; name: string }>;
let next = 0;

const { server, api } = useServer();
beforeAll(async () => {
  const signedIn = await api.call('signIn', {
    body: DEMO_ADMIN,
  });
  admin = { ...signedIn.body, cookie: (signedIn.headers.get('set-cookie') ?? '').split(';')[0]! };
  const pages = await Promise.all(
    [1, 2].map((page) =>
      api.call('searchContents', {
        query: { order: 'oldest', page },
      }),
    ),
  );
  contents = pages.flatMap((p) => p.body.contents);
});

const freshContent = () => contents[next++]!;
const sql = (statement: string, args: Array<string | number> = []) => sqlRows(server.dbUrl, statement, args);

async function reviewed(content = freshContent()) {
  const author = await signUp(api, 'Rita Reviewer');
  const res = await api.call('createReview', {
    params: { id: content._id },
    body: { rating: 4, comment: 'Well paced.' },
    token: author.token,
  });
  expect(res.status).toBe(201);
  return { content, author, reviewId: res.body.review._id as string };
}

/** The content page as a browser gets it (the front door's cached copy when it has one). */
const contentPage = async (slug: string) =>
  (await fetch(`${server.url}/content/${slug}`, { headers: { accept: 'text/html' } })).text();

describe('helpful votes', () => {
  it('50 votes at once from 50 users are counted exactly; retracting takes each back', async () => {
    const { reviewId } = await reviewed();
    const voters = await Promise.all(Array.from({ length: 50 }, () => signUp(api, 'Voter')));
    const answers = await Promise.all(
      voters.map((voter) =>
        api.call('voteHelpful', {
          params: { id: reviewId },
          token: voter.token,
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(voters.map(() => 200));
    expect(Math.max(...answers.map((a) => a.body.helpful))).toBe(50);
    const [row] = await sql(
      'SELECT helpful, (SELECT count(*) FROM review_votes WHERE review_id = ?) AS votes FROM reviews WHERE id = ?',
      [reviewId, reviewId],
    );
    expect(row).toMatchObject({ helpful: 50, votes: 50 });
    const back = await Promise.all(
      voters.slice(0, 10).map((voter) =>
        api.call('retractHelpfulVote', {
          params: { id: reviewId },
          token: voter.token,
        }),
      ),
    );
    expect(back.every((a) => a.status === 200 && a.body.voted === false)).toBe(true);
    expect((await sql('SELECT helpful FROM reviews WHERE id = ?', [reviewId]))[0]!.helpful).toBe(40);
  });

  it('one per user, not on one’s own review, 401 for a visitor, 404 for a review that is not there', async () => {
    const { content, author, reviewId } = await reviewed();
    const voter = await signUp(api, 'Voter');
    expect(
      (
        await api.call('voteHelpful', {
          params: { id: reviewId },
          token: voter.token,
        })
      ).body,
    ).toEqual({
      reviewId,
      helpful: 1,
      voted: true,
    });
    expect(
      (
        await api.call('voteHelpful', {
          params: { id: reviewId },
          token: voter.token,
        })
      ).body.helpful,
    ).toBe(1);
    expect(
      (
        await api.call('myHelpfulVotes', {
          params: { id: content._id },
          token: voter.token,
        })
      ).body,
    ).toEqual({
      reviewIds: [reviewId],
    });
    const own = await api.call('voteHelpful', {
      params: { id: reviewId },
      token: author.token,
    });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('You cannot vote for your own review');
    expect(
      (
        await api.call('voteHelpful', {
          params: { id: reviewId },
        })
      ).status,
    ).toBe(401);
    for (const id of ['nope', '%27%20OR%201%3D1--', 'x'.repeat(300)]) {
      expect(
        (
          await api.call('voteHelpful', {
            params: { id },
            token: voter.token,
          })
        ).status,
        id,
      ).toBe(404);
    }
  });

  it('the content’s cached page shows the new count and order at once', async () => {
    const content = freshContent();
    const first = await reviewed(content);
    const second = await reviewed(content);
    const voter = await signUp(api, 'Voter');
    const before = await contentPage(content.slug);
    expect(before.indexOf(`data-review="${second.reviewId}"`)).toBeLessThan(
      before.indexOf(`data-review="${first.reviewId}"`),
    );
    expect(await contentPage(content.slug)).toBe(before);
    await api.call('voteHelpful', {
      params: { id: first.reviewId },
      token: voter.token,
    });
    const after = await contentPage(content.slug);
    expect(after).toContain('1 person found this helpful');
    // Most helpful first: the voted review now leads, though it is the older one.
    expect(after.indexOf(`data-review="${first.reviewId}"`)).toBeLessThan(
      after.indexOf(`data-review="${second.reviewId}"`),
    );
    const bySlug = await api.call('contentBySlug', {
      params: { slug: content.slug },
    });
    expect(bySlug.body.reviews.find((r) => r._id === first.reviewId)?.helpful).toBe(1);
  });
});

describe('reports of a review', () => {
  it('reach the admin’s reported filter and dashboard; a dismissal is audited and empties them', async () => {
    const { author, reviewId } = await reviewed();
    const [ann, bob] = [await signUp(api, 'Voter'), await signUp(api, 'Voter')];
    const bad = await api.raw.post(`/api/reviews/${reviewId}/report`, { reason: 'nonsense' }, { token: ann.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/spam/);
    expect(
      (
        await api.call('reportReview', {
          params: { id: reviewId },
          body: { reason: 'abusive' },
          token: ann.token,
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await api.call('reportReview', {
          params: { id: reviewId },
          body: { reason: 'spam' },
          token: ann.token,
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await api.call('reportReview', {
          params: { id: reviewId },
          body: { reason: 'abusive' },
          token: bob.token,
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await api.call('reportReview', {
          params: { id: reviewId },
          body: { reason: 'spam' },
          token: author.token,
        })
      ).status,
    ).toBe(403);

    const reported = await api.call('adminReviews', {
      query: { reported: 'yes', sort: 'reports' },
      token: admin.token,
    });
    expect(reported.status).toBe(200);
    const row = reported.body.reviews.find((r) => r._id === reviewId);
    expect(row?.reports).toEqual({ count: 2, reasons: [{ reason: 'abusive', label: 'Abusive or hateful', count: 2 }] });
    const dashboard = await (
      await fetch(`${server.url}/admin/dashboard`, { headers: { cookie: admin.cookie } })
    ).text();
    expect(dashboard).toMatch(/data-waiting="reportedReviews"[\s\S]*?reviews? reported/);
    expect(dashboard).toContain('href="/admin/reviews?reported=yes&amp;sort=reports"');

    expect(
      (
        await api.call('dismissReviewReports', {
          params: { id: reviewId },
          token: ann.token,
        })
      ).status,
    ).toBe(403);
    const dismissed = await api.call('dismissReviewReports', {
      params: { id: reviewId },
      token: admin.token,
    });
    expect(dismissed.status).toBe(200);
    const after = await api.call('adminReviews', {
      query: { reported: 'yes' },
      token: admin.token,
    });
    expect(after.body.reviews.map((r: { _id: string }) => r._id)).not.toContain(reviewId);
    const audit = await sql(
      "SELECT actor, details FROM audit_log WHERE action = 'review.reports-dismiss' AND target_id = ?",
      [reviewId],
    );
    expect(audit).toHaveLength(1);
    expect(JSON.parse(String(audit[0]!.details))).toMatchObject({ reports: 2, reasons: ['abusive'] });
  });
});

describe('votes and reports are the user’s data', () => {
  it('are in the export, and go with the account (the count follows)', async () => {
    const { reviewId } = await reviewed();
    const leaver = await signUp(api, 'Leaver');
    await api.call('voteHelpful', {
      params: { id: reviewId },
      token: leaver.token,
    });
    await api.call('reportReview', {
      params: { id: reviewId },
      body: { reason: 'off-topic' },
      token: leaver.token,
    });
    const exported = await api.call('exportAccount', {
      token: leaver.token,
    });
    expect(exported.body.helpfulVotes).toEqual([expect.objectContaining({ reviewId })]);
    expect(exported.body.reviewReports).toEqual([expect.objectContaining({ reviewId, reason: 'off-topic' })]);
    const gone = await api.call('deleteAccount', {
      body: { password: leaver.password, reviews: 'delete' },
      token: leaver.token,
    });
    expect(gone.status).toBe(200);
    expect(
      await sql(
        'SELECT helpful, (SELECT count(*) FROM review_reports WHERE review_id = ?) AS reports FROM reviews WHERE id = ?',
        [reviewId, reviewId],
      ),
    ).toEqual([expect.objectContaining({ helpful: 0, reports: 0 })]);
  });
});

describe('GET /api/contents/suggest', () => {
  it('suggests tags and resources for what is typed, with the matched parts', async () => {
    const content = contents[0]!;
    const word = content.name.split(/\s+/)[0]!;
    const res = await api.call('suggest', {
      query: { q: word.slice(0, 4) },
    });
    expect(res.status).toBe(200);
    expect(res.body.suggestions.length).toBeGreaterThan(0);
    expect(res.body.suggestions.length).toBeLessThanOrEqual(8);
    const tags = await api.call('suggest', {
      query: { q: 'web' },
    });
    expect(tags.body.suggestions[0]).toMatchObject({ kind: 'tag', href: expect.stringMatching(/^\/search\?/) });
  });

  it('answers any input with a 200 and at most 8 suggestions (fuzzed)', async () => {
    const queries = [
      '',
      'q=',
      'q=a',
      `q=${'x'.repeat(10_000)}`,
      'q=%00%01%1F%7F',
      'q=%E2%80%AE%E2%80%8B',
      `q=${encodeURIComponent('日本語 ünïcödé 🙂')}`,
      `q=${encodeURIComponent('.*+?^$\u007b}()|[]\\/')}`,
      `q=${encodeURIComponent("' OR 1=1 -- <script>")}`,
      'q=ab&q=cd',
      'q[]=ab',
      `q=${encodeURIComponent('%_%')}`,
    ];
    let seed = 9;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 40; i++) {
      const text = Array.from({ length: 1 + Math.floor(random() * 30) }, () =>
        String.fromCodePoint(Math.floor(random() * 0x2fff)),
      ).join('');
      queries.push(`q=${encodeURIComponent(text)}`);
    }
    for (const query of queries) {
      const res = await api.raw.get(`/api/contents/suggest?${query}`);
      expect(res.status, query.slice(0, 40)).toBe(200);
      expect(res.body.suggestions.length).toBeLessThanOrEqual(8);
    }
    // A broken percent-encoding never reaches it: the request gate refuses the line, with a message.
    for (const query of ['q=%E0%A4%A', 'q=%']) {
      const res = await api.raw.get(`/api/contents/suggest?${query}`);
      expect(res.status, query).toBe(400);
    }
  });
});

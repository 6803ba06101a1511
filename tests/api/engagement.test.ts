/** Saves, reviews and submissions through the real server (docs/product.md#how-things-change). */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, signUp } from '../setup/actors.ts';
import { sqlRows } from '../setup/sql.ts';

let contents: Array<{ _id: string; name: string; slug: string; url: string; numReviews: number }>;
const { server, api } = useServer();
beforeAll(async () => {
  const pages = await Promise.all(
    [1, 2, 3].map((page) =>
      api.call('searchContents', {
        query: { order: 'oldest', page },
      }),
    ),
  );
  contents = pages.flatMap((p) => p.body.contents);
});

const sql = (statement: string, args: Array<string | number> = []) => sqlRows(server.dbUrl, statement, args);

describe('saves', () => {
  it('toggle: the first post saves, the second unsaves; items carry the documented and the legacy names from the content row', async () => {
    const user = await signUp(api, 'Saver');
    const content = contents[0]!;
    const saved = await api.raw.post(
      '/api/users/save',
      { contentId: content._id, contentName: 'FORGED', contentSlug: 'x', contentUrl: 'https://evil.example' },
      { token: user.token },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.numSaves).toBe(1);
    expect(saved.body.saves[0]).toEqual({
      _id: content._id,
      contentName: content.name,
      contentSlug: content.slug,
      contentUrl: content.url,
      name: content.name,
      slug: content.slug,
      url: content.url,
      savedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const unsaved = await api.call('toggleSave', {
      body: { contentId: content._id },
      token: user.token,
    });
    expect(unsaved.body).toEqual({ numSaves: 0, saves: [] });
  });

  it('GET /api/users/saves/{userId} returns the same shape, newest first', async () => {
    const user = await signUp(api, 'Saver');
    await api.call('toggleSave', {
      body: { contentId: contents[1]!._id },
      token: user.token,
    });
    await api.call('toggleSave', {
      body: { contentId: contents[2]!._id },
      token: user.token,
    });
    const res = await api.call('userSaves', {
      params: { id: user._id },
      token: user.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.numSaves).toBe(2);
    expect(res.body.saves.map((s: { _id: string }) => s._id)).toEqual([contents[2]!._id, contents[1]!._id]);
  });

  it("a user reads only their own saves; an admin reads anyone's", async () => {
    const owner = await signUp(api, 'Saver');
    const other = await signUp(api, 'Saver');
    expect(
      (
        await api.call('userSaves', {
          params: { id: owner._id },
          token: other.token,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await api.call('userSaves', {
          params: { id: owner._id },
        })
      ).status,
    ).toBe(401);
    const admin = await asAdmin(api);
    expect(
      (
        await api.call('userSaves', {
          params: { id: owner._id },
          token: admin.token,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api.call('userSaves', {
          params: { id: 'nobody' },
          token: admin.token,
        })
      ).status,
    ).toBe(404);
  });

  it('an unknown content is 404 and saves nothing; a missing contentId is 400; no session is 401', async () => {
    const user = await signUp(api, 'Saver');
    const unknown = await api.call('toggleSave', {
      body: { contentId: 'no-such-content' },
      token: user.token,
    });
    expect(unknown.status).toBe(404);
    expect((await api.raw.post('/api/users/save', {}, { token: user.token })).status).toBe(400);
    expect(
      (
        await api.call('toggleSave', {
          body: { contentId: contents[0]!._id },
        })
      ).status,
    ).toBe(401);
    expect(await sql('SELECT count(*) AS n FROM saves WHERE user_id = ?', [user._id])).toEqual([{ n: 0 }]);
  });

  it("PUT /api/users/saves/{contentId} saves; again, it changes nothing and keeps the first save's place", async () => {
    const user = await signUp(api, 'Saver');
    const [first, second] = [contents[3]!, contents[4]!];
    const saved = await api.call('save', {
      params: { id: first._id },
      token: user.token,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      numSaves: 1,
      saves: [
        expect.objectContaining({
          _id: first._id,
          contentName: first.name,
          contentSlug: first.slug,
          contentUrl: first.url,
        }),
      ],
    });
    await api.call('save', {
      params: { id: second._id },
      token: user.token,
    });
    const again = await api.call('save', {
      params: { id: first._id },
      token: user.token,
    });
    expect(again.status).toBe(200);
    expect(again.body.saves.map((s: { _id: string }) => s._id)).toEqual([second._id, first._id]);
  });

  it('PUT with the savedAt of a removed save (Undo) puts it back in its place; a date to come counts as now', async () => {
    const user = await signUp(api, 'Saver');
    const [a, b, c] = [contents[7]!, contents[8]!, contents[9]!];
    for (const content of [a, b, c])
      await api.call('save', {
        params: { id: content._id },
        token: user.token,
      });
    const before = (
      await api.call('userSaves', {
        params: { id: user._id },
        token: user.token,
      })
    ).body;
    const middle = before.saves[1] as { _id: string; savedAt: string };
    expect(middle._id).toBe(b._id);
    await api.call('unsave', {
      params: { id: b._id },
      token: user.token,
    });
    const restored = await api.call('save', {
      params: { id: b._id },
      body: { savedAt: middle.savedAt },
      token: user.token,
    });
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual(before);

    await api.call('unsave', {
      params: { id: a._id },
      token: user.token,
    });
    const later = await api.call('save', {
      params: { id: a._id },
      body: { savedAt: '2999-01-01T00:00:00Z' },
      token: user.token,
    });
    expect(later.body.saves[0]._id).toBe(a._id);
    expect(Date.parse(later.body.saves[0].savedAt)).toBeLessThanOrEqual(Date.now() + 60_000);
  });

  it('PUT refuses a savedAt that is not a date and time (400 with its message), saving nothing', async () => {
    const user = await signUp(api, 'Saver');
    const content = contents[10]!;
    for (const savedAt of ['yesterday', '2026-13-45T00:00:00Z', 12345, null, { $gt: 0 }, '2026-11-23']) {
      const res = await api.raw.put(`/api/users/saves/${content._id}`, { savedAt }, { token: user.token });
      expect(res.status, JSON.stringify(savedAt)).toBe(400);
      expect(res.body.message).toMatch(/^savedAt must be a date and time/);
    }
    const notJson = await fetch(`${server.url}/api/users/saves/${content._id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: '{"savedAt":',
    });
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { message: string }).message).toBe('Request body is not valid JSON');
    expect(await sql('SELECT count(*) AS n FROM saves WHERE user_id = ?', [user._id])).toEqual([{ n: 0 }]);
  });

  it('DELETE /api/users/saves/{contentId} unsaves; a content not saved, or unknown, is already unsaved (200)', async () => {
    const user = await signUp(api, 'Saver');
    const content = contents[5]!;
    await api.call('save', {
      params: { id: content._id },
      token: user.token,
    });
    for (const id of [content._id, content._id, contents[6]!._id, 'no-such-content']) {
      const res = await api.call('unsave', {
        params: { id },
        token: user.token,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ numSaves: 0, saves: [] });
    }
  });

  it('PUT of an unknown content is 404 and saves nothing; PUT and DELETE without a session are 401', async () => {
    const user = await signUp(api, 'Saver');
    const unknown = await api.call('save', {
      params: { id: 'no-such-content' },
      token: user.token,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Content not found');
    expect(
      (
        await api.call('save', {
          params: { id: contents[0]!._id },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await api.call('unsave', {
          params: { id: contents[0]!._id },
        })
      ).status,
    ).toBe(401);
    expect(await sql('SELECT count(*) AS n FROM saves WHERE user_id = ?', [user._id])).toEqual([{ n: 0 }]);
  });
});

describe('reviews', () => {
  it('adds a review under the session name and returns review, numReviews, numReview and rating', async () => {
    const user = await signUp(api, 'Saver');
    const content = contents.findLast((c) => c.numReviews === 0)!;
    const res = await api.raw.post(
      `/api/contents/${content._id}/reviews`,
      { rating: 4, comment: '  Solid course.  ', name: 'Someone Else' },
      { token: user.token },
    );
    expect(res.status).toBe(201);
    expect(res.body.review).toMatchObject({
      name: user.name,
      rating: 4,
      comment: 'Solid course.',
      _id: expect.any(String),
      createdAt: expect.any(String),
    });
    expect(res.body).toMatchObject({ numReviews: 1, numReview: 1, rating: 4 });
    const page = await api.call('contentBySlug', {
      params: { slug: content.slug },
    });
    expect(page.body).toMatchObject({ numReviews: 1, rating: 4 });
    expect(page.body.reviews[0].comment).toBe('Solid course.');
  });

  it('a second review by the same user is refused with 409', async () => {
    const user = await signUp(api, 'Saver');
    const content = contents[5]!;
    await api.call('createReview', {
      params: { id: content._id },
      body: { rating: 5, comment: 'first' },
      token: user.token,
    });
    const again = await api.call('createReview', {
      params: { id: content._id },
      body: { rating: 1, comment: 'second' },
      token: user.token,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You already submitted a review');
  });

  it.each([
    [{ comment: 'no rating' }, 'Please enter comment and rating'],
    [{ rating: 3 }, 'Please enter comment and rating'],
    [{ rating: 3, comment: '   ' }, 'Please enter comment and rating'],
    [{ rating: 0, comment: 'x' }, 'Rating must be from 1 to 5 stars'],
    [{ rating: 6, comment: 'x' }, 'Rating must be from 1 to 5 stars'],
    [{ rating: 2.5, comment: 'x' }, 'Rating must be a whole number of stars from 1 to 5'],
    [{ rating: true, comment: 'x' }, 'Please enter comment and rating'],
    [{ rating: 3, comment: 'x'.repeat(2001) }, 'Comment must be at most 2000 characters'],
  ])('refuses %j with a clear message', async (body, message) => {
    const user = await signUp(api, 'Saver');
    const res = await api.raw.post(`/api/contents/${contents[6]!._id}/reviews`, body, { token: user.token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('a review of an unknown content is 404; without a session 401', async () => {
    const user = await signUp(api, 'Saver');
    expect(
      (
        await api.call('createReview', {
          params: { id: 'nope' },
          body: { rating: 3, comment: 'x' },
          token: user.token,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api.call('createReview', {
          params: { id: contents[0]!._id },
          body: { rating: 3, comment: 'x' },
        })
      ).status,
    ).toBe(401);
  });

  it('concurrent reviews keep the average exact', async () => {
    const content = contents[10]!;
    const users = await Promise.all(Array.from({ length: 40 }, () => signUp(api, 'Saver')));
    const results = await Promise.all(
      users.map((u, i) =>
        api.call('createReview', {
          params: { id: content._id },
          body: { rating: 1 + (i % 5), comment: `review ${i}` },
          token: u.token,
        }),
      ),
    );
    expect(results.every((r) => r.status === 201)).toBe(true);
    const [row] = await sql(
      'SELECT rating, num_reviews, (SELECT avg(rating) FROM reviews WHERE content_id = ?) AS avg, (SELECT count(*) FROM reviews WHERE content_id = ?) AS n FROM contents WHERE id = ?',
      [content._id, content._id, content._id],
    );
    expect(row!.num_reviews).toBe(row!.n);
    expect(row!.rating).toBeCloseTo(Number(row!.avg), 10);
  });

  it('markup in a comment is stored as text and rendered escaped', async () => {
    const user = await signUp(api, 'Saver');
    const content = contents[30]!;
    await api.call('createReview', {
      params: { id: content._id },
      body: { rating: 2, comment: '<script>alert("x")</script><img src=x onerror=alert(1)>' },
      token: user.token,
    });
    const html = await (await fetch(`${server.url}/content/${content.slug}`)).text();
    expect(html).not.toContain('<script>alert("x")</script>');
    expect(html).not.toContain('<img src=x onerror');
  });
});

describe('submissions', () => {
  it('creates a submission with a name derived from the URL and a normalised URL', async () => {
    const user = await signUp(api, 'Saver');
    const res = await api.call('submitLink', {
      body: {
        url: 'https://www.khanacademy.org/computing/computer-programming?utm_source=newsletter#top',
        category: [{ label: 'Software Engineering', value: 'software-engineering' }],
        cost: 'Free',
        hasCert: false,
      },
      token: user.token,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Computer Programming (Khan Academy)',
      nameDerived: true,
      url: 'https://www.khanacademy.org/computing/computer-programming',
      category: [{ label: 'Software Engineering', value: 'software-engineering' }],
      _id: expect.any(String),
    });
  });

  it('refuses a resource that is already a content, naming it', async () => {
    const user = await signUp(api, 'Saver');
    const content = contents[0]!;
    const res = await api.call('submitLink', {
      body: { url: `${content.url.replace('https://', 'http://')}?utm_campaign=x` },
      token: user.token,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain(content.name);
  });

  it('refuses a resource already waiting in the queue, also when two users send it at once', async () => {
    const [a, b] = await Promise.all([signUp(api, 'Saver'), signUp(api, 'Saver')]);
    const url = `https://example.org/course-${Date.now()}`;
    const results = await Promise.all(
      [a, b].map((u) =>
        api.call('submitLink', {
          body: { url },
          token: u.token,
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toMatch(/already submitted/);
  });

  it.each([
    [{}, 'Website URL is required'],
    [{ url: 'not a url' }, 'Website URL must be a valid http(s) URL'],
    [{ url: 'javascript:alert(1)' }, 'Website URL must be a valid http(s) URL'],
    [
      { url: 'https://example.org/b', techStack: [{ label: '???', value: '???' }] },
      "'???' cannot be a techStack: a tag needs a letter or a digit",
    ],
    [{ url: 'https://example.org/c', cost: 'Cheap' }, 'Cost must be one of Free, Paid, Free/Paid'],
    [{ url: 'https://example.org/d', hasCert: 'maybe' }, "hasCert must be true or false (or Yes, No, I don't know)"],
    [{ url: 'https://example.org/e', hasCert: 2 }, "hasCert must be true or false (or Yes, No, I don't know)"],
  ])('refuses %j with 400', async (body, message) => {
    const user = await signUp(api, 'Saver');
    const res = await api.raw.post('/api/submissions/create', body, { token: user.token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('names every problem by its field, the first of them as the message', async () => {
    const user = await signUp(api, 'Saver');
    const res = await api.call('submitLink', {
      body: { url: 'not a url', cost: 'Cheap', hasCert: 'maybe' },
      token: user.token,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Website URL must be a valid http(s) URL',
      code: 'VALIDATION',
      fields: {
        url: 'Website URL must be a valid http(s) URL',
        cost: 'Cost must be one of Free, Paid, Free/Paid',
        hasCert: "hasCert must be true or false (or Yes, No, I don't know)",
      },
    });
  });

  it('needs a session', async () => {
    expect(
      (
        await api.call('submitLink', {
          body: { url: 'https://example.org/x' },
        })
      ).status,
    ).toBe(401);
  });
});

/** The admin API through the real server: refused to everyone but admins, and its rules. */
import { createHash, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, signUp, CATALOG_READY } from '../setup/actors.ts';
import { sqlRows } from '../setup/sql.ts';

let admin: { _id: string; token: string; email: string };
let user: { _id: string; token: string };

const sql = (statement: string, args: Array<string | number> = []) => sqlRows(server.dbUrl, statement, args);

async function newSubmission(url = `https://example.org/course-${Math.random().toString(36).slice(2)}`) {
  const submitter = await signUp(api);
  const res = await api.call('submitLink', {
    body: {
      ...CATALOG_READY,
      url,
      name: 'Example Course',
      category: ['Data Science'],
      cost: 'Paid',
      hasCert: true,
      description: 'Statistics for everyone.',
    },
    token: submitter.token,
  });
  expect(res.status).toBe(201);
  return res.body as { _id: string; slug: string; url: string; name: string };
}

const { server, api } = useServer();
beforeAll(async () => {
  admin = await asAdmin(api);
  user = await signUp(api);
});

describe('only admins', () => {
  const routes: Array<[string, string, unknown?]> = [
    ['GET', '/api/contents/admin?page=1'],
    ['POST', '/api/contents', {}],
    ['GET', '/api/contents/CONTENT'],
    ['PUT', '/api/contents/CONTENT', { name: 'x' }],
    ['DELETE', '/api/contents/CONTENT'],
    ['GET', '/api/users/admin?page=1'],
    ['GET', '/api/users/USER'],
    ['PUT', '/api/users/USER', { name: 'x', email: 'x@example.com', isAdmin: true }],
    ['DELETE', '/api/users/USER'],
    ['GET', '/api/submissions/admin?page=1'],
    ['GET', '/api/submissions/SUBMISSION'],
    ['POST', '/api/submissions/SUBMISSION', {}],
    ['DELETE', '/api/submissions/SUBMISSION'],
    ['GET', '/api/dashboard/summary'],
    ['POST', '/api/upload', {}],
  ];

  it.each(routes)('%s %s: 401 anonymous, 403 for a user, and nothing changes', async (method, path, body) => {
    const { body: page } = await api.call('searchContents');
    const submission = await newSubmission();
    const target = await signUp(api);
    const real = path
      .replace('CONTENT', page.contents[0]._id)
      .replace('USER', target._id)
      .replace('SUBMISSION', submission._id);
    const before = await sql(
      'SELECT (SELECT count(*) FROM contents) AS c, (SELECT count(*) FROM users) AS u, (SELECT count(*) FROM submissions) AS s, (SELECT count(*) FROM audit_log) AS a',
    );
    const anonymous = await api.raw.send(method, real, body);
    const signedIn = await api.raw.send(method, real, body, { token: user.token });
    expect(anonymous.status).toBe(401);
    expect(signedIn.status).toBe(403);
    expect(anonymous.body.message).toBeTruthy();
    expect(signedIn.body.message).toBeTruthy();
    expect(
      await sql(
        'SELECT (SELECT count(*) FROM contents) AS c, (SELECT count(*) FROM users) AS u, (SELECT count(*) FROM submissions) AS s, (SELECT count(*) FROM audit_log) AS a',
      ),
    ).toEqual(before);
  });
});

describe('contents', () => {
  it('pages of 10 with page, pages and count (the row offset)', async () => {
    const first = await api.call('adminContents', {
      query: { page: '1' },
      token: admin.token,
    });
    const second = await api.call('adminContents', {
      query: { page: '2' },
      token: admin.token,
    });
    expect(first.body).toMatchObject({ page: 1, count: 0 });
    expect(second.body).toMatchObject({ page: 2, count: 10 });
    expect(first.body.contents).toHaveLength(10);
    expect(first.body.pages).toBe(Math.ceil(first.body.total / 10));
  });

  it('create an empty content, edit it, and find it by its slug; every change is audited', async () => {
    const created = await api.call('createDraft', {
      token: admin.token,
    });
    expect(created.status).toBe(201);
    expect(created.body._id).toBeTruthy();
    const id = created.body._id;
    const update = {
      _id: id,
      name: 'Missing Semester',
      slug: 'missing-semester-of-cs',
      url: 'https://example.org/missing-semester/',
      image: 'https://missing.csail.mit.edu/static/media/logo.png',
      category: [{ label: 'Software Engineering', value: 'software-engineering' }],
      techStack: [],
      type: [{ label: 'Video Lectures', value: 'video-lectures' }],
      cost: 'Free',
      hasCert: false,
      description: 'The tools of the trade: shell, editors, version control.',
    };
    const res = await api.call('saveContent', {
      params: { id },
      body: update,
      token: admin.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Missing Semester', slug: 'missing-semester-of-cs' });
    const page = await api.call('contentBySlug', {
      params: { slug: 'missing-semester-of-cs' },
    });
    expect(page.body.name).toBe('Missing Semester');
    const search = await api.call('searchContents', {
      query: { searchTerm: 'missing semester' },
    });
    expect(search.body.contents[0]._id).toBe(id);
    const audit = await sql('SELECT action FROM audit_log WHERE target_id = ? ORDER BY id', [id]);
    // Created as a draft; the first complete save publishes it.
    expect(audit.map((r) => r.action)).toEqual(['content.create', 'content.publish']);
  });

  it('refuses a slug that another content uses (409) and a missing required field (400)', async () => {
    const { body: list } = await api.call('searchContents', {
      query: { order: 'oldest' },
    });
    const [a, b] = list.contents;
    const res = await api.call('saveContent', {
      params: { id: a._id },
      body: { ...a, slug: b.slug, image: 'https://example.org/i.png' },
      token: admin.token,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain(b.slug);
    const missing = await api.call('saveContent', {
      params: { id: a._id },
      body: { ...a, image: '' },
      token: admin.token,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Image is required');
  });

  it('a content without an image shows its generated tile, and saving it back (a typo fixed) needs no upload', async () => {
    const { body: list } = await api.call('searchContents', {
      query: { order: 'oldest' },
    });
    const a = list.contents.find((c) => c.image.includes('/images/placeholder/'))!;
    expect(a.image).toBe(`${server.url}/images/placeholder/${a.slug}.svg`);
    const tile = await fetch(a.image);
    expect(tile.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(await tile.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    const fixed = await api.raw.put(
      `/api/contents/${a._id}`,
      { ...a, description: `${a.description} (typo fixed)` },
      { token: admin.token },
    );
    expect(fixed.status).toBe(200);
    expect(fixed.body.image).toBe(a.image);
    // Stored as no image of its own: a new slug gets its own tile.
    expect(await sql('SELECT image FROM contents WHERE id = ?', [a._id])).toEqual([{ image: '' }]);
    const renamed = await api.call('saveContent', {
      params: { id: a._id },
      body: { ...fixed.body, slug: `${a.slug}-renamed` },
      token: admin.token,
    });
    expect(renamed.body.image).toBe(`${server.url}/images/placeholder/${a.slug}-renamed.svg`);
  });

  it('delete takes the content with its saves and reviews; a second delete is 404', async () => {
    const created = (
      await api.call('createDraft', {
        token: admin.token,
      })
    ).body;
    await api.call('toggleSave', {
      body: { contentId: created._id },
      token: user.token,
    });
    const res = await api.call('deleteContent', {
      params: { id: created._id },
      token: admin.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('content deleted successfully');
    expect(
      (
        await api.call('deleteContent', {
          params: { id: created._id },
          token: admin.token,
        })
      ).status,
    ).toBe(404);
    expect(await sql('SELECT count(*) AS n FROM saves WHERE content_id = ?', [created._id])).toEqual([{ n: 0 }]);
  });
});

describe('users', () => {
  it('lists users in pages with count', async () => {
    const res = await api.call('adminUsers', {
      query: { page: '1' },
      token: admin.token,
    });
    expect(res.body).toMatchObject({ page: 1, count: 0 });
    expect(res.body.users[0]).toEqual(
      expect.objectContaining({
        _id: expect.any(String),
        name: expect.any(String),
        email: expect.any(String),
        isAdmin: expect.any(Boolean),
      }),
    );
    expect(res.body.users[0]).not.toHaveProperty('passwordHash');
  });

  it("edits name, email and role; a role change ends the user's sessions", async () => {
    const target = await signUp(api);
    const res = await api.raw.put(
      `/api/users/${target._id}`,
      { _id: target._id, name: 'Promoted', email: target.email, isAdmin: true },
      { token: admin.token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ _id: target._id, name: 'Promoted', email: target.email, isAdmin: true });
    expect(
      (
        await api.call('getProfile', {
          token: target.token,
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await api.call('getUser', {
          params: { id: target._id },
          token: admin.token,
        })
      ).body,
    ).toEqual({
      _id: target._id,
      name: 'Promoted',
      email: target.email,
      isAdmin: true,
    });
  });

  it('refuses an email another user has', async () => {
    const [a, b] = [await signUp(api), await signUp(api)];
    const res = await api.call('changeUser', {
      params: { id: a._id },
      body: { name: 'A', email: b.email, isAdmin: false },
      token: admin.token,
    });
    expect(res.status).toBe(409);
  });

  it('an admin cannot delete themselves, nor demote the last admin', async () => {
    const self = await api.call('deleteUser', {
      params: { id: admin._id },
      token: admin.token,
    });
    expect(self.status).toBe(403);
    const admins = await sql('SELECT id FROM users WHERE is_admin = 1');
    // Demote every other admin first, so this one is the last.
    for (const row of admins)
      if (row.id !== admin._id) await sql('UPDATE users SET is_admin = 0 WHERE id = ?', [String(row.id)]);
    const demote = await api.call('changeUser', {
      params: { id: admin._id },
      body: { name: 'Ada Admin', email: 'admin@skillshelf.dev', isAdmin: false },
      token: admin.token,
    });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toMatch(/at least one admin/);
    expect(await sql('SELECT is_admin FROM users WHERE id = ?', [admin._id])).toEqual([{ is_admin: 1 }]);
  });

  it('deletes a user with their sessions and reviews', async () => {
    const target = await signUp(api);
    const { body: page } = await api.call('searchContents', {
      query: { order: 'latest' },
    });
    await api.call('createReview', {
      params: { id: page.contents[0]._id },
      body: { rating: 5, comment: 'bye' },
      token: target.token,
    });
    const res = await api.call('deleteUser', {
      params: { id: target._id },
      token: admin.token,
    });
    expect(res.status).toBe(200);
    expect(
      (
        await api.call('getProfile', {
          token: target.token,
        })
      ).status,
    ).toBe(401);
    expect(await sql('SELECT count(*) AS n FROM reviews WHERE user_id = ?', [target._id])).toEqual([{ n: 0 }]);
    expect(
      (
        await api.call('contentBySlug', {
          params: { slug: page.contents[0].slug },
        })
      ).body.numReviews,
    ).toBe(0);
  });
});

describe('submissions', () => {
  it('lists the queue with page, pages and count', async () => {
    await newSubmission();
    const res = await api.call('adminSubmissions', {
      query: { page: '1' },
      token: admin.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, count: 0 });
    expect(res.body.submissions.length).toBeGreaterThan(0);
  });

  it('approve creates the content from the posted fields and records the submission as approved, in one go', async () => {
    const submission = await newSubmission();
    const res = await api.call('approveSubmission', {
      params: { id: submission._id },
      body: { ...submission, name: 'Edited Name', slug: `edited-${submission._id}` },
      token: admin.token,
    });
    expect(res.status).toBe(201);
    expect(res.body.content).toMatchObject({
      name: 'Edited Name',
      slug: `edited-${submission._id}`,
      cost: 'Paid',
      hasCert: true,
    });
    const record = await api.call('getSubmission', {
      params: { id: submission._id },
      token: admin.token,
    });
    expect(record.body).toMatchObject({ status: 'approved', contentId: res.body.content._id, decidedBy: admin.email });
    expect(
      (
        await api.call('contentBySlug', {
          params: { slug: `edited-${submission._id}` },
        })
      ).status,
    ).toBe(200);
    expect(await sql('SELECT action FROM audit_log WHERE target_id = ?', [submission._id])).toEqual([
      { action: 'submission.approve' },
    ]);
  });

  it('an approval that fails (the website is listed meanwhile) leaves the submission in the queue and creates nothing', async () => {
    const submission = await newSubmission();
    const { body: page } = await api.call('searchContents');
    const listed = page.contents[0].url;
    const before = await sql('SELECT count(*) AS n FROM contents');
    const res = await api.call('approveSubmission', {
      params: { id: submission._id },
      body: { ...submission, url: listed },
      token: admin.token,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('already listed');
    expect(
      (
        await api.call('getSubmission', {
          params: { id: submission._id },
          token: admin.token,
        })
      ).status,
    ).toBe(200);
    expect(await sql('SELECT count(*) AS n FROM contents')).toEqual(before);
  });

  it('reject keeps the submission as rejected, out of the queue; a second reject is a harmless 200', async () => {
    const submission = await newSubmission();
    const res = await api.call('rejectSubmission', {
      params: { id: submission._id },
      token: admin.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('submission rejected successfully');
    const again = await api.call('rejectSubmission', {
      params: { id: submission._id },
      token: admin.token,
    });
    expect(again).toMatchObject({
      status: 200,
      body: { message: 'Submission was already rejected; nothing changed', status: 'rejected' },
    });
    expect(
      (
        await api.call('getSubmission', {
          params: { id: submission._id },
          token: admin.token,
        })
      ).body.status,
    ).toBe('rejected');
    const queue = await api.call('adminSubmissions', {
      token: admin.token,
    });
    expect(queue.body.submissions.map((s: { _id: string }) => s._id)).not.toContain(submission._id);
  });

  it('approving a rejected submission is a 409 and creates nothing; an unknown one is a 404', async () => {
    const submission = await newSubmission();
    await api.call('rejectSubmission', {
      params: { id: submission._id },
      token: admin.token,
    });
    const before = await sql('SELECT count(*) AS n FROM contents');
    const res = await api.call('approveSubmission', {
      params: { id: submission._id },
      body: submission,
      token: admin.token,
    });
    expect(res).toMatchObject({ status: 409, body: { message: 'This submission was already rejected' } });
    expect(await sql('SELECT count(*) AS n FROM contents')).toEqual(before);
    expect(
      (
        await api.call('approveSubmission', {
          params: { id: 'ffffffffffffffffffffffff' },
          body: submission,
          token: admin.token,
        })
      ).status,
    ).toBe(404);
  });
});

describe('dashboard', () => {
  it("summarises the catalog in docs/product.md#what-is-stored's shape with counts that match the data", async () => {
    const res = await api.call('dashboardSummary', {
      token: admin.token,
    });
    expect(res.status).toBe(200);
    const [counts] = await sql(
      'SELECT (SELECT count(*) FROM contents) AS c, (SELECT count(*) FROM users WHERE is_admin = 0) AS u, (SELECT count(*) FROM users WHERE is_admin = 1) AS a',
    );
    expect(res.body.contents).toEqual([{ numContents: counts!.c }]);
    // Users without isAdmin only, as the original counts them: admins have their own card.
    expect(res.body.users).toEqual([{ numUsers: counts!.u }]);
    expect(counts!.a).toBeGreaterThan(0);
    expect(res.body.admins).toEqual([{ numAdmins: counts!.a }]);
    expect(res.body.numCategory).toBe(res.body.contentCategories.length);
    const [used] = await sql(
      "SELECT count(DISTINCT CASE WHEN kind = 'techStack' THEN value END) AS tech, count(DISTINCT CASE WHEN kind = 'type' THEN value END) AS types FROM content_tags",
    );
    expect(res.body.numTechStack).toBe(used!.tech);
    expect(res.body.numType).toBe(used!.types);
    // The demo catalog uses tags beyond docs/product.md#what-is-stored's first lists (Go, SQL, MOOC…).
    expect(res.body.numTechStack).toBeGreaterThan(11);
    const [web] = await sql(
      "SELECT count(*) AS n FROM content_tags WHERE kind = 'category' AND value = 'web-development'",
    );
    expect(res.body.contentCategories).toContainEqual({ _id: 'Web Development', count: web!.n });
  });
});

describe('uploads', () => {
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
      '1f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082',
    'hex',
  );
  const upload = (bytes: Uint8Array, name: string, type: string, token = admin.token) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    return fetch(`${server.url}/api/upload`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
  };

  it('stores a PNG under its hash and serves it with a long immutable cache', async () => {
    const res = await upload(png, 'pixel.png', 'image/png');
    expect(res.status).toBe(201);
    const { url, path } = await res.json();
    // Absolute on the configured origin, so a client on another origin can show it.
    expect(path).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);
    expect(url).toBe(server.url + path);
    const image = await fetch(url);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(png);
  });

  it('an image of exactly 5 MB comes back byte for byte, and uploading it again stores it once', async () => {
    // Larger than the one value a libSQL server takes: stored in parts (db/catalog/upload-writer.ts).
    const big = randomBytes(5 * 1024 * 1024);
    big.set(png.subarray(0, 8));
    const first = await upload(big, 'big.png', 'image/png');
    expect(first.status).toBe(201);
    const { path } = await first.json();
    const again = await upload(big, 'again.png', 'image/png');
    expect(again.status).toBe(201);
    expect((await again.json()).path).toBe(path);
    const image = await fetch(server.url + path);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(big)).toBe(true);
    const id = path.slice('/uploads/'.length, -'.png'.length);
    const [stored] = await sql(
      `SELECT size, length(data) AS first, (SELECT count(*) FROM upload_parts WHERE upload_id = ?) AS parts
       FROM uploads WHERE id = ?`,
      [id, id],
    );
    expect(stored).toEqual({ size: 5 * 1024 * 1024, first: 1024 * 1024, parts: 4 });
  });

  it('an image whose part the database refuses midway is stored not at all, and whole once it can be', async () => {
    // The third of its four parts refused (a trigger here; a full disk or a libSQL server's error alike): the
    // row and the parts written before it must not stay (one transaction: a thread's, or a libSQL server's).
    await sql(`CREATE TRIGGER refuse_a_part BEFORE INSERT ON upload_parts WHEN NEW.position = 3
      BEGIN SELECT RAISE(ABORT, 'refused for the test'); END`);
    const big = randomBytes(4 * 1024 * 1024);
    big.set(png.subarray(0, 8));
    const id = createHash('sha256').update(big).digest('hex');
    const storedOf = () =>
      sql(
        `SELECT (SELECT count(*) FROM uploads WHERE id = ?) AS rows, (SELECT count(*) FROM upload_parts WHERE upload_id = ?) AS parts`,
        [id, id],
      );
    try {
      const refused = await upload(big, 'big.png', 'image/png');
      expect(refused.status).toBe(500);
      expect(await refused.json()).toEqual({
        message: 'Something went wrong on our side. Please try again.',
        code: 'INTERNAL',
      });
      expect(await storedOf()).toEqual([{ rows: 0, parts: 0 }]);
    } finally {
      await sql('DROP TRIGGER refuse_a_part');
    }
    const stored = await upload(big, 'big.png', 'image/png');
    expect(stored.status).toBe(201);
    expect((await stored.json()).path).toBe(`/uploads/${id}.png`);
    expect(await storedOf()).toEqual([{ rows: 1, parts: 3 }]);
    const image = await fetch(`${server.url}/uploads/${id}.png`);
    expect(Buffer.from(await image.arrayBuffer()).equals(big)).toBe(true);
  });

  it('refuses a PHP script renamed .png, whatever it claims to be', async () => {
    const res = await upload(new TextEncoder().encode('<?php system($_GET["c"]); ?>'), 'shell.png', 'image/png');
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Only PNG, GIF and JPEG images can be uploaded');
  });

  it('refuses more than 5 MB with 413', async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set(png.subarray(0, 8));
    const res = await upload(big, 'big.png', 'image/png');
    expect(res.status).toBe(413);
  });

  it('refuses a request without a file field', async () => {
    const form = new FormData();
    form.append('other', 'x');
    const res = await fetch(`${server.url}/api/upload`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.status).toBe(400);
  });

  it('an unknown image is 404', async () => {
    expect((await fetch(`${server.url}/uploads/${'0'.repeat(64)}.png`)).status).toBe(404);
    expect((await fetch(`${server.url}/uploads/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
  });
});

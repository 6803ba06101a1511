/**
 * The admin lists' one convention (page, pageSize, search, sort, order and each list's filters) through the
 * real server, hostile values included, and the submissions' bulk action (docs/product.md#pages).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, uniqueEmail } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, signUp, CATALOG_READY } from '../setup/actors.ts';
import { sqlRows } from '../setup/sql.ts';

let token: string;

const sql = (statement: string, args: Array<string | number> = []) => sqlRows(server.dbUrl, statement, args);

const get = async (path: string) => api.raw.get(path, { token });

let submitter: { token: string };
async function submit(name: string, url = `https://lists-${Math.random().toString(36).slice(2)}.example.org/`) {
  const res = await api.call('submitLink', {
    body: { ...CATALOG_READY, url, name },
    token: submitter.token,
  });
  expect(res.status).toBe(201);
  return res.body as { _id: string; name: string };
}

const { server, api } = useServer({ env: { RATE_LIMIT_OFF: 'true' } });
beforeAll(async () => {
  token = (await asAdmin(api)).token;
  submitter = await signUp(api, 'Submitter');
});

const LISTS = [
  '/api/contents/admin',
  '/api/users/admin',
  '/api/submissions/admin',
  '/api/tags/admin',
  '/api/reviews/admin',
  '/api/audit/admin',
];

describe('every admin list takes the same parameters', () => {
  it('hostile values are clamped or ignored, never a 5xx', async () => {
    const long = 'x'.repeat(5000);
    const hostile = [
      'pageSize=0',
      'pageSize=100000',
      'pageSize=-5',
      'pageSize=ten',
      'page=0',
      'page=-1',
      'page=99999999999999999999',
      'sort=drop',
      'sort=name;DROP TABLE users',
      'order=sideways',
      `search=${long}`,
      'search=%25%25_%5C',
      'search=%22%2A%28NOT',
      'status=whatever&role=root&cost=gold&link=nope',
      'category=%00',
      'status=draft&link=broken',
      'rating=0&content=%00',
      `rating=5.5&content=${long}`,
      `action=user.explode&admin=${long}`,
    ];
    for (const list of LISTS) {
      for (const query of hostile) {
        const res = await get(`${list}?${query}`);
        expect(res.status, `${list}?${query.slice(0, 60)}`).toBe(200);
        expect(res.body.pageSize).toBeGreaterThanOrEqual(1);
        expect(res.body.pageSize).toBeLessThanOrEqual(100);
        expect(res.body.page).toBeGreaterThanOrEqual(1);
      }
    }
  });

  it('pageSize is clamped to 1–100 and pages follow it', async () => {
    const small = await get('/api/contents/admin?pageSize=0');
    expect(small.body.pageSize).toBe(1);
    expect(small.body.contents).toHaveLength(1);
    const big = await get('/api/contents/admin?pageSize=100000');
    expect(big.body.pageSize).toBe(100);
    expect(big.body.contents).toHaveLength(100);
    const total = big.body.total as number;
    const page = await get('/api/contents/admin?pageSize=25&page=2');
    expect(page.body).toMatchObject({ page: 2, pageSize: 25, count: 25, pages: Math.ceil(total / 25) });
    expect(page.body.contents).toHaveLength(25);
  });

  it('an empty value is "not given"', async () => {
    const plain = await get('/api/contents/admin');
    const blank = await get('/api/contents/admin?page=&pageSize=&search=&sort=&order=&status=&category=&cost=&link=');
    expect(blank.body.total).toBe(plain.body.total);
    expect(blank.body.contents.map((c: { _id: string }) => c._id)).toEqual(
      plain.body.contents.map((c: { _id: string }) => c._id),
    );
  });
});

describe('contents', () => {
  it('search uses the catalog’s full-text search, and finds a content by its id', async () => {
    const res = await get('/api/contents/admin?search=python&pageSize=100');
    expect(res.body.total).toBeGreaterThan(0);
    expect(res.body.total).toBeLessThan((await get('/api/contents/admin')).body.total);
    for (const content of res.body.contents) expect(JSON.stringify(content).toLowerCase()).toContain('python');
    const one = res.body.contents[0];
    const byId = await get(`/api/contents/admin?search=${one._id}`);
    expect(byId.body.contents.map((c: { _id: string }) => c._id)).toEqual([one._id]);
  });

  it('sorts by name either way, drafts among the published', async () => {
    const draft = (
      await api.call('createDraft', {
        token,
      })
    ).body.content as { _id: string; name: string };
    const up = (await get('/api/contents/admin?sort=name&order=asc&pageSize=100')).body.contents.map(
      (c: { name: string }) => c.name,
    );
    const folded = (names: string[]) => names.map((n) => n.toLowerCase());
    expect(folded(up)).toEqual([...folded(up)].sort());
    const down = (await get('/api/contents/admin?sort=name&order=desc&pageSize=100')).body.contents.map(
      (c: { name: string }) => c.name,
    );
    expect(folded(down)).toEqual([...folded(down)].sort().reverse());
    const found = await get('/api/contents/admin?search=Sample&sort=name');
    expect(found.body.contents.map((c: { _id: string }) => c._id)).toContain(draft._id);
    await api.call('deleteContent', {
      params: { id: draft._id },
      token,
    });
  });

  it('filters by status, category and cost together, and the link filter keeps only published contents', async () => {
    const res = await get('/api/contents/admin?status=published&category=web-development&cost=Paid&pageSize=100');
    expect(res.body.total).toBeGreaterThan(0);
    for (const content of res.body.contents) {
      expect(content.status).toBe('published');
      expect(content.cost).toBe('Paid');
      expect(content.category.map((t: { value: string }) => t.value)).toContain('web-development');
    }
    const all = (await get('/api/contents/admin?category=web-development&pageSize=100')).body.total;
    expect(res.body.total).toBeLessThan(all);
    const [row] = await sql('SELECT id FROM contents LIMIT 1');
    await sql(
      "INSERT INTO link_checks (content_id, url, checked_at, status, error, failures, broken_since, due_at) SELECT id, url, 1, 404, 'HTTP 404', 3, 1, 1 FROM contents WHERE id = ?",
      [String(row!.id)],
    );
    const broken = await get('/api/contents/admin?link=broken&status=draft');
    expect(broken.body.contents.map((c: { _id: string }) => c._id)).toEqual([]);
    const brokenPublished = await get('/api/contents/admin?link=broken');
    expect(brokenPublished.body.contents.map((c: { _id: string }) => c._id)).toContain(String(row!.id));
  });
});

describe('users', () => {
  it('searches name or email (wildcards are plain text), filters by role, sorts by email', async () => {
    const { email } = await signUp(api, 'Zed 100%_off', { email: uniqueEmail('zedpercent') });
    expect(
      (await get(`/api/users/admin?search=${encodeURIComponent('100%_')}`)).body.users.map(
        (u: { email: string }) => u.email,
      ),
    ).toEqual([email]);
    expect((await get('/api/users/admin?search=%25')).body.users.map((u: { email: string }) => u.email)).toEqual([
      email,
    ]);
    expect((await get('/api/users/admin?search=0_o')).body.users).toEqual([]);
    expect((await get('/api/users/admin?search=zed%20100')).body.total).toBe(1);
    const admins = await get('/api/users/admin?role=admin&pageSize=100');
    expect(admins.body.users.every((u: { isAdmin: boolean }) => u.isAdmin)).toBe(true);
    expect(admins.body.users.map((u: { email: string }) => u.email)).toContain(DEMO_ADMIN.email);
    expect(
      (await get('/api/users/admin?role=user&pageSize=100')).body.users.every((u: { isAdmin: boolean }) => !u.isAdmin),
    ).toBe(true);
    const emails = (await get('/api/users/admin?sort=email&order=desc&pageSize=100')).body.users.map(
      (u: { email: string }) => u.email,
    );
    expect(emails).toEqual([...emails].sort().reverse());
  });
});

describe('submissions', () => {
  it('lists the queue by default; status shows the decided ones; search finds a name or URL', async () => {
    const waiting = await submit('Queue Search Alpha');
    const decided = await submit('Queue Search Beta');
    await api.call('rejectSubmission', {
      params: { id: decided._id },
      token,
    });
    const ids = async (query: string) =>
      (await get(`/api/submissions/admin?${query}`)).body.submissions.map((s: { _id: string }) => s._id);
    expect(await ids('search=queue%20search')).toEqual([waiting._id]);
    expect(await ids('search=queue%20search&status=rejected')).toEqual([decided._id]);
    expect(await ids('search=queue%20search&status=all&sort=name&order=desc')).toEqual([decided._id, waiting._id]);
  });
});

describe('tags', () => {
  it('filters by kind and status, searches label or value, sorts by use', async () => {
    const res = await get('/api/tags/admin?kind=techStack&search=java&sort=label');
    expect(res.body.tags.map((t: { label: string }) => t.label)).toEqual(['Java', 'JavaScript']);
    const used = (await get('/api/tags/admin?sort=used')).body.tags.map((t: { contents: number }) => t.contents);
    expect(used).toEqual([...used].sort((a, b) => b - a));
    expect((await get('/api/tags/admin?kind=colour')).status).toBe(400);
  });
});

describe('bulk actions on submissions', () => {
  it('rejects the chosen ids with one reason and reports each one, the unknown and the already decided too', async () => {
    const [a, b, c] = [await submit('Bulk One'), await submit('Bulk Two'), await submit('Bulk Three')];
    await api.call('rejectSubmission', {
      params: { id: c._id },
      token,
    });
    const res = await api.call('decideSubmissions', {
      body: { action: 'reject', ids: [a._id, b._id, c._id, 'no-such-id'], reason: 'spam', note: 'Bulk' },
      token,
    });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { id: a._id, name: 'Bulk One', outcome: 'rejected' },
      { id: b._id, name: 'Bulk Two', outcome: 'rejected' },
      { id: c._id, name: 'Bulk Three', outcome: 'refused', reason: 'Submission was already rejected; nothing changed' },
      { id: 'no-such-id', outcome: 'not-found', reason: 'Submission not found' },
    ]);
    const [row] = await sql('SELECT status, reject_reason, reject_note FROM submissions WHERE id = ?', [a._id]);
    expect(row).toMatchObject({ status: 'rejected', reject_reason: 'spam', reject_note: 'Bulk' });
  });

  it('approves all that the filter matches, resolved on the server (not just one page)', async () => {
    const tag = `allmatch${Date.now()}`;
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await submit(`${tag} ${i}`));
    const res = await api.call('decideSubmissions', {
      body: { action: 'approve', filter: { search: tag, pageSize: '1', page: '2' } },
      token,
    });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { id: string; outcome: string }) => [r.id, r.outcome]).sort()).toEqual(
      made.map((s) => [s._id, 'approved']).sort(),
    );
    const contents = await sql('SELECT count(*) AS n FROM contents WHERE name LIKE ?', [`${tag}%`]);
    expect(Number(contents[0]!.n)).toBe(3);
  });

  it('deletes for good and audits each deletion with what it held', async () => {
    const spam = [await submit('Bulk Spam'), await submit('Bulk Spam Again')];
    const ids = spam.map((s) => s._id);
    const res = await api.call('decideSubmissions', { body: { action: 'delete', ids }, token });
    expect(res.body.results).toEqual([
      { id: ids[0], name: 'Bulk Spam', outcome: 'deleted' },
      { id: ids[1], name: 'Bulk Spam Again', outcome: 'deleted' },
    ]);
    expect(await sql('SELECT id FROM submissions WHERE id IN (?, ?)', ids)).toHaveLength(0);
    const audited = await sql(
      "SELECT target_id, actor_label, details FROM audit_log WHERE action = 'submission.delete' AND target_id IN (?, ?) ORDER BY target_id",
      ids,
    );
    expect(
      audited.map((row) => ({ id: row.target_id, by: row.actor_label, name: JSON.parse(String(row.details)).name })),
    ).toEqual(
      [
        { id: ids[0], by: DEMO_ADMIN.email, name: 'Bulk Spam' },
        { id: ids[1], by: DEMO_ADMIN.email, name: 'Bulk Spam Again' },
      ].sort((a, b) => a.id!.localeCompare(b.id!)),
    );
  });

  it('refuses what it does not understand with a 400 and changes nothing', async () => {
    const kept = await submit('Bulk Kept');
    const bad = [
      {},
      { action: 'publish', ids: [kept._id] },
      { action: 'approve' },
      { action: 'approve', ids: [] },
      { action: 'approve', ids: [kept._id], filter: {} },
      { action: 'approve', ids: 'all' },
      { action: 'approve', ids: Array.from({ length: 501 }, (_, i) => `id-${i}`) },
      { action: 'reject', ids: [kept._id], reason: 'because' },
      { action: 'approve', filter: { search: 5 } },
    ];
    for (const body of bad) {
      const res = await api.raw.post('/api/submissions/bulk', body, { token });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect(
      (
        await api.call('decideSubmissions', {
          body: { action: 'approve', ids: [kept._id] },
          token: submitter.token,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await api.call('decideSubmissions', {
          body: { action: 'approve', ids: [kept._id] },
        })
      ).status,
    ).toBe(401);
    expect(await sql('SELECT status FROM submissions WHERE id = ?', [kept._id])).toEqual([
      expect.objectContaining({ status: 'pending' }),
    ]);
  });
});

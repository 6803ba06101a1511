/**
 * A content's own page read for its facts after a link check (`links check --facts`, the server's schedule):
 * saved course pages served by a local site (tests/fixtures/course-pages, no network), their JSON-LD offered to
 * the admin as suggestions for the facts the content lacks, never over one an admin set, and accepted by saving
 * the content with them.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/harness.ts';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, newContent, signUp } from '../setup/actors.ts';
import { startLocalSite, type LocalSite } from '../setup/local-site.ts';
import { sqlRows } from '../setup/sql.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/course-pages/${name}.html`, import.meta.url), 'utf8');
const PAGES: Record<string, string> = {
  '/course': fixture('course-graph'),
  '/resource': fixture('learning-resource'),
  '/plain': fixture('nothing'),
};

let admin: string;
let site: LocalSite;
const sql = (statement: string, args: Array<string | number> = []) => sqlRows(server.dbUrl, statement, args);

const { server, api } = useServer({ env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });
beforeAll(async () => {
  admin = (await asAdmin(api)).token;
  site = await startLocalSite((req, res) => {
    const page = PAGES[new URL(req.url ?? '/', 'http://x').pathname];
    if (page === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(req.method === 'HEAD' ? '' : page);
  });
});
afterAll(async () => {
  await site?.close();
});

let n = 0;
const content = (path: string, fields: Record<string, unknown> = {}) =>
  newContent(api, admin, {
    name: `Page facts ${++n}`,
    url: `${site.url}${path}?n=${n}`,
    description: 'A course whose page says more.',
    ...fields,
  });

/** The CLI's link check with --facts, for these contents only (the demo catalog's links point at the real web). */
async function checkWithFacts(...ids: string[]) {
  await sql(`UPDATE link_checks SET due_at = 0 WHERE content_id IN (${ids.map(() => '?').join(',')})`, ids);
  await sql(
    `INSERT INTO link_checks (content_id, url, due_at) SELECT id, url, ? FROM contents WHERE id NOT IN (${ids.map(() => '?').join(',')}) ON CONFLICT DO UPDATE SET due_at = excluded.due_at`,
    [Date.now() + 3600_000, ...ids],
  );
  const run = await runCli(server.dbUrl, ['links', 'check', '--only-due', '--facts', '--json'], {
    OUTBOUND_ALLOW_PRIVATE: 'true',
  });
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as { facts?: { read: number; withFacts: number } };
}

const suggestions = async (id: string, token = admin) => api.call('pageFactSuggestions', { params: { id }, token });

describe("facts read from a content's page by the link check", () => {
  it('are suggested for the facts it lacks, never over one the admin set, and accepted by saving them', async () => {
    const bare = await content('/course');
    const kept = await content('/course', { provider: 'Kept by the admin', hours: 12 });
    const plain = await content('/plain');
    expect((await suggestions(bare._id)).body).toEqual({ readAt: null, url: null, suggested: {} });

    const report = await checkWithFacts(bare._id, kept._id, plain._id);
    expect(report.facts).toEqual({ read: 3, withFacts: 2 });

    const offered = await suggestions(bare._id);
    expect(offered.status).toBe(200);
    expect(offered.body.url).toBe(bare.url);
    expect(offered.body.suggested).toEqual({
      provider: 'Example University',
      hours: 40,
      skills: ['Functions', 'Conditionals', 'Unit tests'],
      prerequisites: 'No prior programming experience; High school algebra',
      lastUpdated: '2024-03-05',
    });
    // What the admin set stays, and is not offered over.
    const other = (await suggestions(kept._id)).body.suggested;
    expect(other).not.toHaveProperty('provider');
    expect(other).not.toHaveProperty('hours');
    expect(other).toHaveProperty('skills');
    const [row] = await sql('SELECT provider, hours FROM contents WHERE id = ?', [kept._id]);
    expect(row).toEqual({ provider: 'Kept by the admin', hours: 12 });
    // A page that says nothing of itself: read, nothing offered.
    expect((await suggestions(plain._id)).body).toMatchObject({ suggested: {} });
    expect((await suggestions(plain._id)).body.readAt).not.toBeNull();

    // Accepted: saved with the content, after which nothing is left to suggest.
    const accepted = await api.call('saveContent', {
      params: { id: bare._id },
      body: { ...bare, ...offered.body.suggested },
      token: admin,
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ provider: 'Example University', hours: 40 });
    expect((await suggestions(bare._id)).body.suggested).toEqual({});
    // Read once: the next check leaves a page read at the same address alone (a month, or a new URL).
    expect((await checkWithFacts(kept._id)).facts).toEqual({ read: 0, withFacts: 0 });
  });

  it('forgets what an old address said when the URL changes, and is for admins only', async () => {
    const moved = await content('/resource');
    await checkWithFacts(moved._id);
    expect(Object.keys((await suggestions(moved._id)).body.suggested).length).toBeGreaterThan(0);
    await api.call('saveContent', {
      params: { id: moved._id },
      body: { ...moved, url: `${site.url}/plain?moved=1` },
      token: admin,
    });
    expect((await suggestions(moved._id)).body).toEqual({ readAt: null, url: null, suggested: {} });

    const user = await signUp(api, 'Not an admin');
    expect((await suggestions(moved._id, user.token)).status).toBe(403);
    const missing = await suggestions('no-such-content');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Content not found');
  });
});

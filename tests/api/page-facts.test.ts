/**
 * A submitted page's own facts (schema.org JSON-LD, OpenGraph) through the real server: read after the
 * submission's reply from a local site serving a saved course page (tests/fixtures/course-pages, no network),
 * offered to the admin as suggestions for the facts the submitter left blank (never over one they gave), and
 * kept by an approval that takes them.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, CATALOG_READY, signUp } from '../setup/actors.ts';
import { startLocalSite, type LocalSite } from '../setup/local-site.ts';

const COURSE_PAGE = readFileSync(new URL('../fixtures/course-pages/course-graph.html', import.meta.url), 'utf8');

let adminToken: string;
let userToken: string;
let site: LocalSite;
const { server, api } = useServer({ env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });
beforeAll(async () => {
  adminToken = (await asAdmin(api)).token;
  userToken = (await signUp(api, 'Course Finder')).token;
  site = await startLocalSite((req, res) => {
    if (req.url?.startsWith('/course'))
      return void res.writeHead(200, { 'content-type': 'text/html' }).end(COURSE_PAGE);
    res.writeHead(404).end();
  });
});
afterAll(async () => {
  await site?.close();
});

async function submitted(path: string, body: Record<string, unknown> = {}) {
  const created = await api.call('submitLink', {
    body: { ...CATALOG_READY, url: `${site.url}${path}`, ...body },
    token: userToken,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const forReview = async () =>
    (
      await api.call('getSubmission', {
        params: { id: created.body._id },
        token: adminToken,
      })
    ).body;
  await expect.poll(async () => (await forReview()).pageTitle, { timeout: 10_000 }).not.toBeNull();
  return forReview();
}

describe('facts read from the submitted page', () => {
  it('are suggested for what the submitter left blank, and an approval keeps them', async () => {
    const submission = await submitted('/course-a');
    expect(submission).toMatchObject({
      provider: 'Example University',
      hours: 40,
      skills: ['Functions', 'Conditionals', 'Unit tests'],
      prerequisites: 'No prior programming experience; High school algebra',
      lastUpdated: '2024-03-05',
    });
    expect(submission.suggested).toEqual(
      expect.arrayContaining(['provider', 'hours', 'skills', 'prerequisites', 'lastUpdated']),
    );
    // The admin's screen says which were filled in from the page.
    const screen = await (
      await fetch(`${server.url}/admin/submission/${submission._id}`, {
        headers: { authorization: `Bearer ${adminToken}` },
      })
    ).text();
    expect(screen).toContain('Provider (from the page)');
    // The submitter's own record is as they sent it: a suggestion is the admin's to accept.
    const own = (
      await api.call('mySubmissions', {
        token: userToken,
      })
    ).body;
    expect(JSON.stringify(own)).not.toContain('Example University');

    const approved = await api.call('approveSubmission', {
      params: { id: submission._id },
      body: submission,
      token: adminToken,
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(201);
    expect(approved.body.content).toMatchObject({
      provider: 'Example University',
      hours: 40,
      lastUpdated: '2024-03-05',
    });
  });

  it('never replace a fact the submitter gave, and an admin may drop one', async () => {
    const submission = await submitted('/course-b', { provider: 'Someone Else', hours: '12' });
    expect(submission).toMatchObject({ provider: 'Someone Else', hours: 12, format: null });
    expect(submission.suggested).not.toContain('provider');
    expect(submission.suggested).not.toContain('hours');
    expect(submission.suggested).toContain('skills');
    const approved = await api.call('approveSubmission', {
      params: { id: submission._id },
      body: { ...submission, skills: '' },
      token: adminToken,
    });
    expect(approved.body.content).toMatchObject({ provider: 'Someone Else', hours: 12, skills: null });
  });
});

/**
 * What the link checker's findings do on the site (decision 016): a broken link (3 failures over 48 hours)
 * is noticed on its content page — visitors' cached pages too — flagged in the admin's contents list,
 * which filters to broken, moved or reported links, and counted on the dashboard; a permanent redirect is
 * accepted in one call, which makes it the URL. Users report a broken link once each; the report is listed
 * for the admin and the link is checked at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/harness.ts';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, newContent, signUp } from '../setup/actors.ts';
import { startLocalSite, type LocalSite } from '../setup/local-site.ts';
import { sqlRows } from '../setup/sql.ts';

let admin: { token: string };
const sites: LocalSite[] = [];

const sql = (statement: string, args: Array<string | number> = []) => sqlRows(server.dbUrl, statement, args);

// The links it checks are this test's own servers, on loopback: the outbound policy must let them through.
const { server, api } = useServer({ env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });
beforeAll(async () => {
  admin = await asAdmin(api);
});
afterAll(async () => {
  await Promise.all(sites.map((s) => s.close()));
});

let n = 0;
/** A published content whose link is `url`. */
const content = (url: string) =>
  newContent(api, admin.token, {
    name: `Link Health ${++n}`,
    url,
    image: 'https://images.example.org/cover.png',
    description: 'A link to check.',
  });

async function site(status: number, headers: Record<string, string> = {}) {
  const s = await startLocalSite((_req, res) => void res.writeHead(status, headers).end());
  sites.push(s);
  return s;
}

/** Runs the CLI's link check on the server's database, for these contents only (the demo catalog's links point at the real web). */
async function checkLinks(...ids: string[]) {
  await sql(`UPDATE link_checks SET due_at = 0 WHERE content_id IN (${ids.map(() => '?').join(',')})`, ids);
  // Only the named contents are due: everything else is marked as checked a moment ago.
  await sql(
    `INSERT INTO link_checks (content_id, url, due_at) SELECT id, url, ? FROM contents WHERE id NOT IN (${ids.map(() => '?').join(',')}) ON CONFLICT DO UPDATE SET due_at = excluded.due_at`,
    [Date.now() + 3600_000, ...ids],
  );
  return runCli(server.dbUrl, ['links', 'check', '--only-due', '--json'], { OUTBOUND_ALLOW_PRIVATE: 'true' });
}

/** Makes the content's failing streak old: the next failure is the one that makes it broken. */
const streakBegan = (id: string, hoursAgo: number, failures: number) =>
  sql('UPDATE link_checks SET first_failure_at = ?, failures = ? WHERE content_id = ?', [
    Date.now() - hoursAgo * 3600_000,
    failures,
    id,
  ]);

describe('a broken link on the site', () => {
  it('a link failing once is not flagged; failing 3 times over 48 hours its page says so, even a visitor’s cached page, and the admin list and dashboard flag it', async () => {
    const gone = await site(410);
    const c = await content(`${gone.url}/course`);
    const before = await api.raw.get(`/content/${c.slug}`);
    expect(before.body).not.toContain('This link may be broken');
    expect((await checkLinks(c._id)).code).toBe(0);
    expect((await api.raw.get(`/content/${c.slug}`)).body).not.toContain('This link may be broken');
    const listed = await api.call('adminContents', {
      query: { link: 'broken' },
      token: admin.token,
    });
    expect(listed.body.contents.map((x: { _id: string }) => x._id)).not.toContain(c._id);

    await streakBegan(c._id, 49, 2);
    const run = await checkLinks(c._id);
    expect(run.code).toBe(3);
    const page = await api.raw.get(`/content/${c.slug}`);
    expect(page.body).toMatch(
      /This link may be broken \(last checked <time datetime="[^"]+">\d{4}-\d{2}-\d{2}<\/time>\)/,
    );

    const broken = await api.call('adminContents', {
      query: { link: 'broken' },
      token: admin.token,
    });
    expect(broken.body.total).toBe(1);
    expect(broken.body.contents[0]).toMatchObject({
      _id: c._id,
      link: {
        status: 410,
        error: 'HTTP 410 Gone',
        failures: 3,
        brokenSince: expect.any(String),
        movedTo: null,
        reports: 0,
      },
    });
    // The whole list flags it too.
    const all = await api.call('adminContents', {
      token: admin.token,
    });
    expect(all.body.contents.find((x) => x._id === c._id)?.link?.brokenSince).toEqual(expect.any(String));
    expect(
      (
        await api.call('dashboardSummary', {
          token: admin.token,
        })
      ).body.brokenLinks,
    ).toBe(1);

    // A new URL is a new start: the notice goes at once.
    const fine = await site(200);
    expect(
      (
        await api.call('saveContent', {
          params: { id: c._id },
          body: {
            name: 'Link Health fixed',
            slug: c.slug,
            url: `${fine.url}/`,
            image: 'https://images.example.org/cover.png',
            description: 'Fixed.',
            category: [],
            techStack: [],
            type: [],
            cost: 'Free',
            hasCert: false,
          },
          token: admin.token,
        })
      ).status,
    ).toBe(200);
    expect((await api.raw.get(`/content/${c.slug}`)).body).not.toContain('This link may be broken');
    expect(
      (
        await api.call('dashboardSummary', {
          token: admin.token,
        })
      ).body.brokenLinks,
    ).toBe(0);
  });

  it('a permanent redirect is offered and accepted in one call: it becomes the URL', async () => {
    const target = await site(200);
    const mover = await site(301, { location: `${target.url}/new-place` });
    const c = await content(`${mover.url}/old-place`);
    await checkLinks(c._id);
    const moved = await api.call('adminContents', {
      query: { link: 'moved' },
      token: admin.token,
    });
    expect(moved.body.contents.map((x) => [x._id, x.link?.movedTo])).toEqual([[c._id, `${target.url}/new-place`]]);

    const accepted = await api.call('acceptRedirect', {
      params: { id: c._id },
      token: admin.token,
    });
    expect(accepted).toMatchObject({ status: 200, body: { _id: c._id, url: `${target.url}/new-place` } });
    expect(
      (
        await api.call('contentBySlug', {
          params: { slug: c.slug },
        })
      ).body.url,
    ).toBe(`${target.url}/new-place`);
    expect(
      (
        await api.call('adminContents', {
          query: { link: 'moved' },
          token: admin.token,
        })
      ).body.total,
    ).toBe(0);
    // Nothing left to accept.
    expect(
      (
        await api.call('acceptRedirect', {
          params: { id: c._id },
          token: admin.token,
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await api.call('acceptRedirect', {
          params: { id: 'no-such-content' },
          token: admin.token,
        })
      ).status,
    ).toBe(404);
    const [audit] = await sql(
      "SELECT details FROM audit_log WHERE target_id = ? AND action = 'content.update' ORDER BY id DESC LIMIT 1",
      [c._id],
    );
    expect(JSON.parse(String(audit!.details))).toMatchObject({
      url: `${target.url}/new-place`,
      previousUrl: `${mover.url}/old-place`,
    });
  });

  it('a redirect to an address another content already has is a 409 that changes nothing', async () => {
    const taken = await site(200);
    const other = await content(`${taken.url}/taken`);
    const mover = await site(308, { location: `${taken.url}/taken` });
    const c = await content(`${mover.url}/`);
    await checkLinks(c._id);
    const res = await api.call('acceptRedirect', {
      params: { id: c._id },
      token: admin.token,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('is already listed as another content');
    expect(
      (
        await api.call('contentBySlug', {
          params: { slug: c.slug },
        })
      ).body.url,
    ).toBe(`${mover.url}/`);
    expect(
      (
        await api.call('contentBySlug', {
          params: { slug: other.slug },
        })
      ).status,
    ).toBe(200);
  });
});

describe('users report a broken link', () => {
  const report = (id: string, token?: string) =>
    api.call('reportLink', {
      params: { id },
      token,
    });

  it('once per user: the report is listed for the admin and the link is checked at once', async () => {
    const missing = await site(404);
    const c = await content(`${missing.url}/lost`);
    const [ada, bob] = [await signUp(api, 'Reporter'), await signUp(api, 'Reporter')];
    expect(await report(c._id, ada.token)).toMatchObject({
      status: 201,
      body: { message: 'Thank you: we will check this link' },
    });
    expect(await report(c._id, ada.token)).toMatchObject({
      status: 409,
      body: { message: 'You already reported this link' },
    });
    expect((await report(c._id, bob.token)).status).toBe(201);
    // Checked at once, without waiting for a run.
    await expect.poll(() => missing.requests.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await expect
      .poll(async () => (await sql('SELECT status FROM link_checks WHERE content_id = ?', [c._id]))[0]?.status, {
        timeout: 10_000,
      })
      .toBe(404);
    const reported = await api.call('adminContents', {
      query: { link: 'reported' },
      token: admin.token,
    });
    expect(reported.body.contents.map((x) => [x._id, x.link?.reports])).toEqual([[c._id, 2]]);
    // The page (one copy for everyone) asks whether this user reported it, to thank them rather than offer it again.
    expect(
      (
        await api.call('myLinkReport', {
          params: { id: c._id },
          token: ada.token,
        })
      ).body,
    ).toMatchObject({
      reported: true,
    });
    const page = await fetch(`${server.url}/content/${c.slug}`, { headers: { authorization: `Bearer ${ada.token}` } });
    expect(await page.text()).toMatch(/data-report-link-done hidden>Thanks — we(&#39;|')ll check this link\.</);
  });

  it('a new URL may be reported again; an unknown content is a 404, a visitor a 401', async () => {
    const first = await site(200);
    const c = await content(`${first.url}/one`);
    const user = await signUp(api, 'Reporter');
    expect((await report(c._id, user.token)).status).toBe(201);
    const second = await site(200);
    await api.call('saveContent', {
      params: { id: c._id },
      body: {
        name: 'Link Health moved',
        slug: c.slug,
        url: `${second.url}/two`,
        image: 'https://images.example.org/cover.png',
        description: 'Moved.',
        category: [],
        techStack: [],
        type: [],
        cost: 'Free',
        hasCert: false,
      },
      token: admin.token,
    });
    expect((await report(c._id, user.token)).status).toBe(201);
    const listed = await api.call('adminContents', {
      query: { link: 'reported' },
      token: admin.token,
    });
    expect(listed.body.contents.find((x) => x._id === c._id)?.link?.reports).toBe(1);
    expect((await report('no-such-content', user.token)).status).toBe(404);
    expect((await report(c._id)).status).toBe(401);
  });

  it('a report is withdrawn (its Undo) by its author only, and may be made again; a retry, an unknown content, a visitor', async () => {
    const s = await site(200);
    const c = await content(`${s.url}/undo`);
    const [ada, bob] = [await signUp(api, 'Reporter'), await signUp(api, 'Reporter')];
    const withdraw = (id: string, token?: string) =>
      api.call('withdrawLinkReport', {
        params: { id },
        token,
      });
    const reports = async () =>
      (await sql('SELECT count(*) AS n FROM link_reports WHERE content_id = ?', [c._id]))[0]?.n;
    expect((await report(c._id, ada.token)).status).toBe(201);
    expect((await report(c._id, bob.token)).status).toBe(201);

    expect(await withdraw(c._id, ada.token)).toMatchObject({
      status: 200,
      body: { message: 'Your report is withdrawn' },
    });
    // Bob's report stays: one withdraws only one's own.
    expect(await reports()).toBe(1);
    expect(
      (
        await api.call('myLinkReport', {
          params: { id: c._id },
          token: ada.token,
        })
      ).body,
    ).toEqual({
      reported: false,
    });
    expect(
      (
        await api.call('myLinkReport', {
          params: { id: c._id },
          token: bob.token,
        })
      ).body,
    ).toEqual({
      reported: true,
    });
    const listed = await api.call('adminContents', {
      query: { link: 'reported' },
      token: admin.token,
    });
    expect(listed.body.contents.find((x) => x._id === c._id)?.link?.reports).toBe(1);
    // Again (a retry): the same answer, nothing else changes.
    expect(await withdraw(c._id, ada.token)).toMatchObject({
      status: 200,
      body: { message: 'Your report is withdrawn' },
    });
    expect(await reports()).toBe(1);
    // Withdrawn, it may be reported again.
    expect((await report(c._id, ada.token)).status).toBe(201);
    expect(await reports()).toBe(2);

    for (const id of ['no-such-content', '%00', 'x'.repeat(300), '..%2F..%2Fadmin']) {
      const res = await withdraw(id, ada.token);
      expect(res.status, id).toBe(404);
      expect(res.body.message).toBe('Content not found');
    }
    const anonymous = await withdraw(c._id);
    expect(anonymous.status).toBe(401);
    expect(typeof anonymous.body.message).toBe('string');
    expect(await reports()).toBe(2);
  });

  it('is limited per account: the eleventh report in an hour is a 429', async () => {
    const user = await signUp(api, 'Reporter');
    const s = await site(200);
    for (let i = 0; i < 10; i++)
      expect((await report((await content(`${s.url}/many-${i}`))._id, user.token)).status).toBe(201);
    const refused = await report((await content(`${s.url}/many-10`))._id, user.token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

/**
 * What an admin keeps an eye on, in a real browser (docs/product.md#pages Dashboard and Audit log): the dashboard
 * leads with what waits (pending submissions, links reported broken, broken links), each leading to its
 * filtered table, or says that nothing does; and the Audit log finds an admin's change by action and admin,
 * with a link to what it changed, on a desktop and as cards on a phone.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, hydrated, launchBrowser, signInThroughForm } from '../setup/browser.ts';
import { DEMO_ADMIN } from '../setup/http.ts';
import { startLocalSite, type LocalSite } from '../setup/local-site.ts';
import { asAdmin, newContent, signUp } from '../setup/actors.ts';
import { useServer } from '../setup/use-server.ts';
import { openDatabase } from '../setup/sql.ts';

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

describe.skipIf(!hasBrowser)('what needs attention, and the audit log', () => {
  let browser: Browser;
  let adminToken: string;
  let user: { token: string };
  let desktop: BrowserContext;
  let page: Page;
  let site: LocalSite;

  const { server, api } = useServer({ env: { OUTBOUND_ALLOW_PRIVATE: 'true', RATE_LIMIT_OFF: 'true' } });
  beforeAll(async () => {
    [browser, site] = await Promise.all([
      launchBrowser(),
      startLocalSite((_req, res) => void res.writeHead(404).end()),
    ]);
    adminToken = (await asAdmin(api)).token;
    user = await signUp(api, 'Watcher');
    desktop = await browser.newContext({ baseURL: server.url, viewport: { width: 1366, height: 900 } });
    page = await desktop.newPage();
    await signInThroughForm(page, DEMO_ADMIN);
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  let n = 0;
  const content = (name: string, url: string) =>
    newContent(api, adminToken, {
      name,
      slug: `${name.toLowerCase().replace(/\s+/g, '-')}-${++n}`,
      url,
      image: 'https://images.example.org/cover.png',
      description: 'A link to watch.',
    });

  async function submit(name: string) {
    const res = await api.call('submitLink', {
      body: { url: `https://${name.toLowerCase().replace(/\W+/g, '-')}.example.org/`, name },
      token: user.token,
    });
    expect(res.status).toBe(201);
    return res.body as { _id: string; name: string };
  }

  it('with nothing waiting, the dashboard says so', async () => {
    // The demo's learners left links waiting: the admin clears the queue first (deleted, not rejected: the audit
    // log's test below finds this admin's one rejection).
    const cleared = await api.call('decideSubmissions', {
      body: { action: 'delete', filter: { status: 'pending' } },
      token: adminToken,
    });
    expect(cleared.status).toBe(200);
    expect((await api.call('adminSubmissions', { token: adminToken })).body.total).toBe(0);
    await page.goto('/admin/dashboard');
    const lead = page.locator('[data-needs-attention]');
    expect(await lead.getByRole('heading', { name: 'Needs attention' }).isVisible()).toBe(true);
    expect(await lead.locator('[data-nothing-waits]').textContent()).toContain('Nothing needs your attention');
    expect(await lead.getByRole('link').count()).toBe(0);
  });

  it('leads with a pending submission, a reported link and a broken link, each leading to its filtered table', async () => {
    const waiting = await submit(`Waiting Course ${Date.now()}`);
    const reported = await content('Reported Course', `${site.url}/lost`);
    expect(
      (
        await api.call('reportLink', {
          params: { id: reported._id },
          token: user.token,
        })
      ).status,
    ).toBe(201);
    const gone = await content('Gone Course', `${site.url}/gone`);
    // Broken as the checker leaves it: failing 3 times over more than 48 hours (tests/e2e/link-health.test.ts runs the checker itself).
    const db = await openDatabase(server.dbUrl);
    try {
      await db.execute({
        sql: `INSERT INTO link_checks (content_id, url, checked_at, status, error, failures, first_failure_at, broken_since, due_at)
              VALUES (?, ?, ?, 410, 'HTTP 410 Gone', 3, ?, ?, ?)`,
        args: [gone._id, gone.url, Date.now(), Date.now() - 49 * 3600_000, Date.now(), Date.now() + 3600_000],
      });
    } finally {
      db.close();
    }

    await page.goto('/admin/dashboard');
    const lead = page.locator('[data-needs-attention]');
    // First on the page, before the totals and the charts.
    expect(await page.locator('main h2').first().textContent()).toBe('Needs attention');
    expect(
      await lead.evaluate((el) =>
        Boolean(
          el.compareDocumentPosition(document.querySelector('[aria-label="Totals"]')!) &
            Node.DOCUMENT_POSITION_FOLLOWING,
        ),
      ),
    ).toBe(true);
    const items = [
      ['pendingSubmissions', '1 submission waiting for review', '/admin/submissions', '', waiting.name],
      ['reportedLinks', '1 link reported broken', '/admin/contents', '?link=reported', 'Reported Course'],
      ['brokenLinks', '1 broken link', '/admin/contents', '?link=broken', 'Gone Course'],
    ] as const;
    expect(
      await lead.locator('[data-waiting]').evaluateAll((els) => els.map((el) => el.getAttribute('data-waiting'))),
    ).toEqual(items.map(([key]) => key));
    for (const [key, words, path, search, shown] of items) {
      await page.goto('/admin/dashboard');
      const link = page.locator(`[data-waiting="${key}"]`).getByRole('link');
      expect((await link.textContent())?.replace(/\s+/g, ' ').trim()).toBe(words);
      await link.click();
      await page.waitForURL((url) => url.pathname === path && url.search === search);
      await hydrated(page);
      await row(page, shown).waitFor();
    }
  });

  it('an admin’s rejection is in the audit log: found by action and by admin, linked to the submission', async () => {
    const rejected = await submit(`Audited Course ${Date.now()}`);
    // Rejected in the browser, from the queue.
    await page.goto('/admin/submissions?sort=created&order=desc');
    await hydrated(page);
    await row(page, rejected.name)
      .getByRole('button', { name: /^Reject/ })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason').selectOption({ label: 'Spam' });
    await dialog.getByRole('button', { name: 'Reject submission' }).click();
    await row(page, rejected.name).waitFor({ state: 'detached' });

    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Audit log' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/audit');
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    await hydrated(page);
    const controls = page.getByRole('search', { name: 'List view' });
    await controls.getByLabel('Action').selectOption({ label: 'Submission rejected' });
    // Its label names the select, whose options ('Made an admin') name the other one too.
    await controls.getByRole('combobox', { name: /^Admin/ }).selectOption({ label: 'Ada Admin (you)' });
    await expect.poll(() => new URL(page.url()).searchParams.get('action')).toBe('submission.reject');
    expect(new URL(page.url()).searchParams.get('admin')).toMatch(/^user:/);
    const entry = row(page, rejected.name);
    // The address changes first; the filtered rows follow when the list's answer is in.
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await entry.waitFor();
    expect(await entry.locator('td[data-label="ACTION"]').textContent()).toBe('Submission rejected');
    // Named as the other admin screens name people; the address beside it.
    const admin = entry.locator('td[data-label="ADMIN"]');
    expect(await admin.textContent()).toMatch(/^Ada Admin\s*you/);
    expect(await admin.locator('[data-admin-email]').textContent()).toBe(DEMO_ADMIN.email);
    expect(await entry.locator('td[data-label="DETAILS"]').textContent()).toContain('reason: spam');
    const when = entry.locator('td[data-label="WHEN"] time');
    expect(await when.textContent()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(await when.getAttribute('title')).toMatch(/\d{2}:\d{2}:\d{2}/);

    // Bookmarked: the same view after a reload; then the target's own screen.
    await page.reload();
    await hydrated(page);
    await entry.waitFor();
    expect(await controls.getByLabel('Action').inputValue()).toBe('submission.reject');
    await entry.getByRole('link', { name: rejected.name }).click();
    await page.waitForURL((url) => url.pathname === `/admin/submission/${rejected._id}`);
    await page.getByText(rejected.name).first().waitFor();

    // A search that finds nothing says so.
    await page.goto(`/admin/audit?search=nothing-like-this-${Date.now()}`);
    await page.getByText('No audit entries match').waitFor();
  });

  it('on a phone, the audit log is cards led by their action, nothing off-screen', async () => {
    const phone = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 390, height: 844 },
      storageState: await desktop.storageState(),
      isMobile: true,
      hasTouch: true,
    });
    try {
      const small = await phone.newPage();
      await small.goto('/admin/audit');
      await hydrated(small);
      const card = small.locator('tbody tr').first();
      await card.waitFor();
      // Its action leads the card; the target follows, unlabelled (a phone's row names no column).
      expect(await card.locator('td[data-label="ACTION"]').getAttribute('data-phone')).toBe('title');
      expect(await card.locator('td[data-label="TARGET"]').isVisible()).toBe(true);
      const box = (await card.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await phone.close();
    }
  });
});

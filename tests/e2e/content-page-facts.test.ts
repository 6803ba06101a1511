/**
 * The facts a content's own page gave (read by the link check), on its edit screen in a real browser: offered
 * for the facts it lacks, "Use these" fills only the empty fields (the provider the admin typed stays), and
 * Update keeps them; at 1366 and 390 px, in both themes, axe-core finding no violation. The page is a saved
 * course page served by a local site (no network).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/harness.ts';
import { hasBrowser, hydrated, EACH_SIZE, withPage } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { DEMO_ADMIN } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, newContent } from '../setup/actors.ts';
import { startLocalSite, type LocalSite } from '../setup/local-site.ts';
import { sqlRows } from '../setup/sql.ts';
import { axeViolations } from './axe-screens.ts';

const SCREENS = new URL('../../scratch/screens/', import.meta.url).pathname;
const COURSE_PAGE = readFileSync(new URL('../fixtures/course-pages/course-graph.html', import.meta.url), 'utf8');

describe.skipIf(!hasBrowser)('facts from a content’s own page, on its edit screen', () => {
  const browser = useBrowser();
  let site: LocalSite;
  let admin: string;
  const { server, api } = useServer({ env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });

  beforeAll(async () => {
    mkdirSync(SCREENS, { recursive: true });
    site = await startLocalSite(
      (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(COURSE_PAGE),
    );
    admin = (await asAdmin(api)).token;
  });
  afterAll(async () => {
    await site?.close();
  });

  /** A content at the local course page, checked with --facts (only it is due). */
  async function checkedContent(n: number) {
    const made = await newContent(api, admin, { url: `${site.url}/course-${n}`, description: 'Read its page.' });
    await sqlRows(
      server.dbUrl,
      'INSERT INTO link_checks (content_id, url, due_at) SELECT id, url, ? FROM contents WHERE id <> ? ON CONFLICT DO UPDATE SET due_at = excluded.due_at',
      [Date.now() + 3600_000, made._id],
    );
    const run = await runCli(server.dbUrl, ['links', 'check', '--only-due', '--facts', '--json'], {
      OUTBOUND_ALLOW_PRIVATE: 'true',
    });
    expect(run.code, run.stderr).toBe(0);
    return made;
  }

  it.each(EACH_SIZE)(
    'at %s',
    async (size) => {
      const content = await checkedContent(size === 'laptop' ? 1 : 2);
      await withPage(browser, server.url, { size, account: DEMO_ADMIN }, async (page) => {
        await page.goto(`/admin/content/${content._id}`);
        await hydrated(page);
        const note = page.locator('[data-page-facts]');
        expect(await note.innerText()).toContain('Example University');
        expect(await page.getByLabel('Provider').inputValue()).toBe('');
        expect(await axeViolations(page, `content page facts, ${size}`)).toEqual([]);
        await page.screenshot({ path: `${SCREENS}admin-content-page-facts-${size}.png`, fullPage: true });

        // The admin's own provider stays; the rest is filled from the page.
        await page.getByLabel('Provider').fill('Typed by the admin');
        await note.getByRole('button', { name: 'Use these' }).click();
        expect(await page.getByLabel('Provider').inputValue()).toBe('Typed by the admin');
        expect(await page.getByLabel('Hours in all').inputValue()).toBe('40');
        expect(await page.getByLabel('Skills you learn').inputValue()).toBe('Functions, Conditionals, Unit tests');
        await page.getByRole('button', { name: 'Update' }).click();
        await page.waitForURL((url) => url.pathname === '/admin/contents');
        const saved = (await api.call('pageFactSuggestions', { params: { id: content._id }, token: admin })).body;
        // Every fact its page gives is set now: nothing is left to suggest.
        expect(saved.suggested).toEqual({});
        const [row] = await sqlRows(server.dbUrl, 'SELECT provider, hours FROM contents WHERE id = ?', [content._id]);
        expect(row).toEqual({ provider: 'Typed by the admin', hours: 40 });
      });
    },
    90_000,
  );
});

/**
 * The facts a submitted page's JSON-LD gives, on the admin's screen in a real browser: filled into the fact
 * fields, named "(from the page)" in the note of what was filled in, at 1366 and 390 px, in both themes, axe-core
 * finding no violation. The page is a saved course page served by a local site (no network).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, hydrated, settled, EACH_SIZE, withPage } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { DEMO_ADMIN } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, signUp } from '../setup/actors.ts';
import { startLocalSite, type LocalSite } from '../setup/local-site.ts';
import { ALL_RULES, COLOUR_RULES, violationsOf } from './axe-screens.ts';

const SCREENS = new URL('../../scratch/screens/', import.meta.url).pathname;
const COURSE_PAGE = readFileSync(new URL('../fixtures/course-pages/course-graph.html', import.meta.url), 'utf8');

describe.skipIf(!hasBrowser)('facts from the submitted page, on the admin’s screen', () => {
  const browser = useBrowser();
  let site: LocalSite;
  let submissionId: string;
  const { server, api } = useServer({ env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });

  beforeAll(async () => {
    mkdirSync(SCREENS, { recursive: true });
    site = await startLocalSite(
      (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(COURSE_PAGE),
    );
    const admin = await asAdmin(api);
    const submitter = await signUp(api, 'Page Reader');
    const created = await api.call('submitLink', {
      body: { url: `${site.url}/course` },
      token: submitter.token,
    });
    submissionId = created.body._id;
    // The page is read after the submission's reply: wait until the admin's screen has what it says.
    for (let tries = 0; tries < 100; tries++) {
      if (
        (
          await api.call('getSubmission', {
            params: { id: submissionId },
            token: admin.token,
          })
        ).body.pageTitle
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(async () => {
    await site?.close();
  });

  it.each(EACH_SIZE)(
    'at %s',
    async (size) => {
      await withPage(browser, server.url, { size, account: DEMO_ADMIN }, async (page) => {
        await page.goto(`/admin/submission/${submissionId}`);
        await hydrated(page);
        expect(await page.locator('[data-suggested-fields]').innerText()).toContain('Provider (from the page)');
        expect(await page.getByLabel('Provider').inputValue()).toBe('Example University');
        expect(await page.getByLabel('Hours in all').inputValue()).toBe('40');
        expect(await page.getByLabel('Skills you learn').inputValue()).toBe('Functions, Conditionals, Unit tests');
        const found: string[] = [];
        for (const theme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: theme });
          await settled(page);
          for (const v of await violationsOf(page, theme === 'light' ? ALL_RULES : COLOUR_RULES))
            found.push(`${size} ${theme}: ${v.id} ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
          await page.screenshot({ path: `${SCREENS}admin-submission-page-facts-${size}-${theme}.png`, fullPage: true });
        }
        expect(found).toEqual([]);
      });
    },
    90_000,
  );
});

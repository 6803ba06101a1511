/**
 * The admin's tables on a laptop (1366 and 1280 px wide): every row's actions stand in the row, whole and in
 * view, and no table scrolls sideways to reach them, a submission that is not ready ("Complete to approve",
 * Reject, Edit) too. Axe stays clean in both themes.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, hydrated, signInThroughForm } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { DEMO_ADMIN } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';
import { axeViolations } from './axe-screens.ts';

const LAPTOPS = [
  { width: 1366, height: 900 },
  { width: 1280, height: 800 },
];
const TABLES = ['/admin/submissions', '/admin/contents', '/admin/users', '/admin/reviews', '/admin/tags'];

/** How far each row's actions reach past the table's visible box, and how far the table scrolls sideways. */
const overflow = (page: Page) =>
  page.locator('.admin-table').evaluate((wrapper) => {
    const right = wrapper.getBoundingClientRect().right;
    const actions = [...wrapper.querySelectorAll('td.admin-actions a, td.admin-actions button')].filter((el) =>
      (el as HTMLElement).checkVisibility(),
    );
    return {
      sideways: wrapper.scrollWidth - wrapper.clientWidth,
      cut: actions
        .map((el) => ({
          name: el.textContent?.trim() ?? '',
          past: Math.round(el.getBoundingClientRect().right - right),
        }))
        .filter((a) => a.past > 0),
    };
  });

describe.skipIf(!hasBrowser)("the admin's tables on a laptop", () => {
  const browser = useBrowser();
  let signedIn: BrowserContext;

  const { server, api } = useServer();
  beforeAll(async () => {
    const { token } = await signUp(api, 'Lena Longlink');
    // Not ready to publish (only an address): its row offers the longest actions, "Complete to approve" first.
    await api.call('submitLink', {
      body: { url: 'https://laptop-rows.example.org/a-rather-long-path/to/some/tutorial/page.html', name: '' },
      token,
    });
    signedIn = await browser.newContext({ baseURL: server.url, viewport: LAPTOPS[0] });
    await signInThroughForm(await signedIn.newPage(), DEMO_ADMIN);
  });

  for (const viewport of LAPTOPS)
    it(`at ${viewport.width} px every row's actions are whole and in view, with no sideways scroll`, async () => {
      const context = await browser.newContext({
        baseURL: server.url,
        viewport,
        bypassCSP: true,
        storageState: await signedIn.storageState(),
      });
      try {
        const page = await context.newPage();
        for (const path of TABLES) {
          await page.goto(path);
          await hydrated(page);
          await page.locator('tbody tr td.admin-actions').first().waitFor();
          expect(await overflow(page), path).toEqual({ sideways: 0, cut: [] });
        }
        await page.goto('/admin/submissions');
        await hydrated(page);
        // Its own row (the demo's learners left links waiting too, before it in the queue's order).
        const row = page.locator('tbody tr').filter({ hasText: 'laptop-rows.example.org' });
        // Waited for, not read at once: the table may still show its loading row.
        for (const name of [/^Complete to approve/, /^Reject/, /^Edit/])
          await row
            .getByRole(name.source.includes('Reject') ? 'button' : 'link', { name })
            .waitFor({ state: 'visible' });
        if (viewport.width === 1366) {
          await page.screenshot({ path: '/tmp/shots/admin-submissions-laptop.png' });
          expect(await axeViolations(page, '/admin/submissions at a laptop')).toEqual([]);
        }
      } finally {
        await context.close();
      }
    });
});

/**
 * The admin's tables on a tablet and a small laptop (768, 1024 and 1280 px wide), in both themes: no table
 * scrolls sideways, and every row's actions are whole, in view and clickable (behind the row's "⋯" menu below
 * 1280 px, in the row from there). Axe stays clean with a menu open.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, hydrated, signInThroughForm } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { DEMO_ADMIN } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';
import { axeViolations } from './axe-screens.ts';

const WIDTHS = [768, 1024, 1280];
const THEMES = ['light', 'dark'] as const;
const TABLES = [
  '/admin/submissions',
  '/admin/contents',
  '/admin/users',
  '/admin/reviews',
  '/admin/tags',
  '/admin/audit',
];

/** How far the table and the page scroll sideways. */
const sideways = (page: Page) =>
  page.locator('.admin-table').evaluate((wrapper) => ({
    table: wrapper.scrollWidth - wrapper.clientWidth,
    page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  }));

/** The actions of `row` that are not whole in the viewport, or that another element covers where a click lands. */
const unreachable = (row: Locator) =>
  row.locator('td.admin-actions .row-actions > div').evaluate((menu) =>
    [...menu.querySelectorAll('a, button')].flatMap((el) => {
      const box = el.getBoundingClientRect();
      const whole = box.left >= 0 && box.top >= 0 && box.right <= innerWidth && box.bottom <= innerHeight;
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return whole && hit && el.contains(hit) ? [] : [el.textContent?.trim() ?? ''];
    }),
  );

describe.skipIf(!hasBrowser)("the admin's tables on a tablet", () => {
  const browser = useBrowser();
  let signedIn: BrowserContext;
  const figures: string[] = [];

  const { server, api } = useServer();
  beforeAll(async () => {
    const { token } = await signUp(api, 'Tara Tablet');
    // Not ready to publish (only an address): its row offers the longest actions, "Complete to approve" first.
    await api.call('submitLink', {
      body: { url: 'https://tablet-rows.example.org/a-rather-long-path/to/some/tutorial/page.html', name: '' },
      token,
    });
    signedIn = await browser.newContext({ baseURL: server.url, viewport: { width: 1366, height: 900 } });
    await signInThroughForm(await signedIn.newPage(), DEMO_ADMIN);
  });

  afterAll(async () => {
    if (figures.length) console.log(`admin tables, sideways scroll:\n${figures.join('\n')}`);
  });

  // Every row's menu opened in six tables: longer than the default minute beside another browser file.
  for (const width of WIDTHS)
    for (const theme of THEMES)
      it(`at ${width} px, ${theme}: no sideways scroll, every row's actions whole, in view and clickable`, {
        timeout: 180_000,
      }, async () => {
        const context = await browser.newContext({
          baseURL: server.url,
          viewport: { width, height: 800 },
          colorScheme: theme,
          bypassCSP: true,
          storageState: await signedIn.storageState(),
        });
        try {
          const page = await context.newPage();
          for (const path of TABLES) {
            await page.goto(path);
            await hydrated(page);
            const rows = page.locator('.admin-table tbody tr');
            await rows.first().waitFor();
            const scroll = await sideways(page);
            figures.push(`${path} at ${width} px, ${theme}: table ${scroll.table} px, page ${scroll.page} px`);
            expect(scroll, path).toEqual({ table: 0, page: 0 });
            for (const [index, row] of (await rows.all()).entries()) {
              if ((await row.locator('.row-actions').count()) === 0) continue;
              const menu = row.getByRole('button', { name: /^Actions for / });
              const folded = await menu.isVisible();
              if (folded) await menu.click();
              // As the admin scrolls to a row near the page's end, its open menu too, into the middle of the window
              // (Playwright's own scroll, as far as "visible", left a row's buttons a third of a pixel past its foot).
              await row
                .locator('.row-actions > div')
                .evaluate((actions) => actions.scrollIntoView({ block: 'center' }));
              expect(await unreachable(row), `${path}: ${await row.locator('td').first().innerText()}`).toEqual([]);
              if (folded && index === 0 && path === '/admin/submissions') {
                expect(await axeViolations(page, `${path} at ${width} px, ${theme}, menu open`)).toEqual([]);
              }
              if (folded) {
                await page.keyboard.press('Escape');
                expect(await menu.getAttribute('aria-expanded')).toBe('false');
              }
            }
          }
          await page.goto('/admin/submissions');
          await hydrated(page);
          // Its own row (the demo's learners left links waiting too, before it in the queue's order).
          const own = page.locator('tbody tr').filter({ hasText: 'tablet-rows.example.org' });
          const menu = own.getByRole('button', { name: /^Actions for / });
          await menu
            .or(own.getByRole('link', { name: /^Edit/ }))
            .first()
            .waitFor();
          if (await menu.isVisible()) await menu.click();
          for (const [role, name] of [
            ['link', /^Complete to approve/],
            ['button', /^Reject/],
            ['link', /^Edit/],
          ] as const)
            await expect.poll(() => own.getByRole(role, { name }).isVisible(), { message: `${name}` }).toBe(true);
          await page.screenshot({ path: `/tmp/shots/admin-submissions-${width}-${theme}.png` });
          expect(await axeViolations(page, `/admin/submissions at ${width} px, ${theme}`)).toEqual([]);
        } finally {
          await context.close();
        }
      });
});

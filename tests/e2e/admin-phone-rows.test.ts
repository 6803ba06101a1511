/**
 * The admin's tables on a phone (390×844): each row a dense card of a few short lines (its title, then its other
 * cells side by side, no column label repeated), its actions behind one "Actions for …" menu at the end of the
 * first line, which opens in view, closes on Escape (the keyboard back on its button) and on a choice; the tabs
 * one scrolling strip. On a laptop the same actions stand in the row, with no menu. Both themes, axe clean, the
 * menu open too.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, hydrated, settled, signInThroughForm } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { DEMO_ADMIN } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';
import { axeViolations } from './axe-screens.ts';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };
/** A few short lines: the title's (with what a submission still needs) and the rest's (a comment adds two). */
const ROW_MAX = 140;
const ROW_WITH_TEXT_MAX = 170;

const TABLES = [
  // Reject: every pending row has it (Approve only those ready to publish).
  { path: '/admin/submissions', action: /^Reject/ },
  { path: '/admin/contents', action: /^Delete/ },
  { path: '/admin/reviews', action: /^Delete/ },
  { path: '/admin/users', action: /^Delete/ },
  { path: '/admin/tags', action: /^Rename/ },
] as const;

describe.skipIf(!hasBrowser)("the admin's tables on a phone", () => {
  const browser = useBrowser();
  let phone: BrowserContext;
  let page: Page;
  const figures: string[] = [];

  const { server, api } = useServer();
  beforeAll(async () => {
    const { token } = await signUp(api, 'Sam Submitter');
    for (const path of ['rust', 'go', 'a-rather-long-path/to/some/tutorial/page.html'])
      await api.call('submitLink', {
        body: { url: `https://phone-rows-${path.length}.example.org/${path}`, name: '' },
        token,
      });
    const signIn = await browser.newContext({ baseURL: server.url, viewport: PHONE });
    await signInThroughForm(await signIn.newPage(), DEMO_ADMIN);
    phone = await browser.newContext({
      baseURL: server.url,
      viewport: PHONE,
      hasTouch: true,
      bypassCSP: true,
      storageState: await signIn.storageState(),
    });
    await signIn.close();
    page = await phone.newPage();
  });

  afterAll(async () => {
    if (figures.length) console.log(`admin rows at ${PHONE.width} px:\n${figures.join('\n')}`);
  });

  for (const table of TABLES)
    it(`${table.path}: dense rows, no repeated labels, the actions behind a menu`, async () => {
      await page.goto(table.path);
      await hydrated(page);
      const rows = page.locator('tbody tr');
      await rows.first().waitFor();
      const heights = await rows.evaluateAll((trs) =>
        trs.map((tr) => ({
          height: Math.round(tr.getBoundingClientRect().height),
          text: tr.querySelector('td[data-phone="text"]') !== null,
        })),
      );
      const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
      figures.push(
        `${table.path}: ${heights.length} rows, ${Math.max(...heights.map((h) => h.height))} px at most, page ${pageHeight} px`,
      );
      for (const row of heights) expect(row.height).toBeLessThanOrEqual(row.text ? ROW_WITH_TEXT_MAX : ROW_MAX);
      // No cell repeats its column's name.
      const labelled = await rows
        .first()
        .locator('td')
        .evaluateAll((tds) =>
          tds
            .map((td) => getComputedStyle(td, '::before').content)
            .filter((content) => content !== 'none' && content !== 'normal' && content !== '""'),
        );
      expect(labelled).toEqual([]);
      // The row's actions wait behind its menu, which opens in view.
      const row = rows.first();
      const action = row.getByRole('button', { name: table.action });
      expect(await action.isVisible()).toBe(false);
      const menu = row.getByRole('button', { name: /^Actions for / });
      await menu.click();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      await expect.poll(() => action.isVisible()).toBe(true);
      const box = (await action.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(await axeViolations(page, `${table.path}, menu open`)).toEqual([]);
      await page.screenshot({
        path: `/tmp/shots/admin-phone${table.path.replace(/\//g, '-')}.png`,
        animations: 'disabled',
      });
      await page.keyboard.press('Escape');
      await expect.poll(() => action.isVisible()).toBe(false);
      expect(await menu.evaluate((button) => button === document.activeElement)).toBe(true);
      // A tap elsewhere closes it too.
      await menu.click();
      await expect.poll(() => action.isVisible()).toBe(true);
      await page.mouse.click(5, 300);
      await expect.poll(() => action.isVisible()).toBe(false);
      // The page never scrolls sideways; the tabs are one line.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      const tabTops = await page
        .locator('[data-admin-tabs] a')
        .evaluateAll((links) => new Set(links.map((a) => Math.round(a.getBoundingClientRect().top))).size);
      expect(tabTops).toBe(1);
      await settled(page);
      expect(await axeViolations(page, table.path)).toEqual([]);
    });

  it('a URL too long for its card ends in an ellipsis, never cut mid-letter', async () => {
    await page.goto('/admin/submissions?search=a-rather-long-path');
    await hydrated(page);
    const link = page.locator('tbody tr td[data-label="URL"] a').first();
    await link.waitFor();
    const shown = await link.evaluate((a) => ({
      cut: a.scrollWidth > a.clientWidth,
      ellipsis: getComputedStyle(a).textOverflow,
      overflow: getComputedStyle(a).overflow,
    }));
    expect(shown).toEqual({ cut: true, ellipsis: 'ellipsis', overflow: 'hidden' });
  });

  it('a choice in the menu closes it: Rename opens its form across the row', async () => {
    await page.goto('/admin/tags');
    await hydrated(page);
    const row = page.locator('tbody tr').first();
    await row.getByRole('button', { name: /^Actions for / }).click();
    await row.getByRole('button', { name: /^Rename/ }).click();
    const field = row.getByRole('textbox');
    await field.waitFor();
    const [rowBox, formBox, fieldBox] = [
      (await row.boundingBox())!,
      (await row.locator('td.admin-actions').boundingBox())!,
      (await field.boundingBox())!,
    ];
    expect(formBox.width).toBeGreaterThan(rowBox.width * 0.8);
    expect(fieldBox.x + fieldBox.width).toBeLessThanOrEqual(PHONE.width);
  });

  it('on a laptop the actions stand in the row, with no menu', async () => {
    const laptop = await browser.newContext({
      baseURL: server.url,
      viewport: LAPTOP,
      storageState: await phone.storageState(),
    });
    try {
      const wide = await laptop.newPage();
      for (const table of TABLES) {
        await wide.goto(table.path);
        await hydrated(wide);
        const row = wide.locator('tbody tr').first();
        await row.waitFor();
        expect(await row.getByRole('button', { name: table.action }).isVisible(), table.path).toBe(true);
        expect(await row.getByRole('button', { name: /^Actions for / }).isVisible(), table.path).toBe(false);
      }
    } finally {
      await laptop.close();
    }
  });
});

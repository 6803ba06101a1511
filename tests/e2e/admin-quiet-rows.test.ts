/**
 * The admin's rows say the usual quietly and the exception loudly, as GitHub's lists do: on the tags screen an
 * active tag's status is plain text and only a retired one is marked; in the submission queue Reject is an
 * outline in the error colour, filled only when pointed at, as Delete is. At a laptop's width and a phone's, in
 * both themes, axe clean.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { EACH_SIZE, hasBrowser, hydrated, withPage } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { DEMO_ADMIN } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, signUp } from '../setup/actors.ts';
import { axeViolations } from './axe-screens.ts';

const CLEAR = 'rgba(0, 0, 0, 0)';
const background = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);
const statusOf = (value: string) => `tr[data-tag="${value}"] td[data-label="STATUS"] > *`;

describe.skipIf(!hasBrowser)("the admin's rows: the usual quiet, the exception marked", () => {
  const browser = useBrowser();
  const { server, api } = useServer();
  beforeAll(async () => {
    const admin = await asAdmin(api);
    const tags = await api.call('adminTags', { query: { search: 'Webinars' }, token: admin.token });
    const webinars = tags.body.tags.find((tag) => tag.label === 'Webinars')!;
    expect(
      (
        await api.call('changeTag', {
          params: { id: String(webinars.id) },
          body: { status: 'retired' },
          token: admin.token,
        })
      ).status,
    ).toBe(200);
    const { token } = await signUp(api, 'Quinn Queue');
    await api.call('submitLink', { body: { url: 'https://quiet-rows.example.org/course', name: '' }, token });
  });

  for (const size of EACH_SIZE)
    it(`at ${size} size: an active tag's status is plain, a retired one marked; Reject is an outline`, async () => {
      await withPage(browser, server.url, { size, account: DEMO_ADMIN }, async (page) => {
        await page.goto('/admin/tags');
        await hydrated(page);
        await page.locator(statusOf('type:webinars')).waitFor();
        for (const theme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: theme });
          expect(await background(page, statusOf('category:software-engineering')), theme).toBe(CLEAR);
          expect(await background(page, statusOf('type:webinars')), theme).not.toBe(CLEAR);
        }
        await page.emulateMedia({ colorScheme: 'light' });
        expect(await axeViolations(page, `/admin/tags (${size})`)).toEqual([]);

        await page.goto('/admin/submissions');
        await hydrated(page);
        const row = page.locator('tbody tr').first();
        if (size === 'phone') await row.getByRole('button', { name: /^Actions for / }).click();
        const reject = row.getByRole('button', { name: /^Reject/ });
        await reject.waitFor();
        // Polled: a button's colours ease in (a transition) as the page settles.
        await expect.poll(() => reject.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe(CLEAR);
        expect(await axeViolations(page, `/admin/submissions (${size})`)).toEqual([]);
        await reject.hover();
        await expect.poll(() => reject.evaluate((button) => getComputedStyle(button).backgroundColor)).not.toBe(CLEAR);
      });
    });
});

/**
 * Helpful reviews and suggestions as one types (docs/product.md#audience-and-page-frame, #pages, #how-things-change), in Chromium against one server on
 * the demo world: a user votes a review helpful and takes it back, reorders the reviews and reports one with a
 * reason; the admin finds it on the dashboard and under Reported and dismisses the reports; the top bar's box
 * is a combobox worked by the keyboard at 1366 px, and the home page's suggests within a 390 px screen.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerConfirmation,
  hasBrowser,
  hydrated,
  nativeDialogs,
  newContext,
  signInThroughForm,
} from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { DEMO_ADMIN } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';

const PASSWORD = 'discovery-password-1';
const WIDE = { width: 1366, height: 800 };

describe.skipIf(!hasBrowser)('helpful reviews and suggestions in the browser', () => {
  const browser = useBrowser();
  let content: { _id: string; slug: string; name: string };
  let older: string;
  let newer: string;
  const contexts: BrowserContext[] = [];

  async function pageAt(
    viewport: { width: number; height: number },
    account?: { email: string; password: string },
  ): Promise<Page> {
    const context = await newContext(browser, server.url);
    contexts.push(context);
    const page = await context.newPage();
    await page.setViewportSize(viewport);
    nativeDialogs(page);
    if (account) await signInThroughForm(page, account);
    return page;
  }

  const { server, api } = useServer();
  beforeAll(async () => {
    content = (
      await api.call('searchContents', {
        query: { order: 'oldest', page: '2' },
      })
    ).body.contents[0];
    const [ola, max] = [
      await signUp(api, 'Ola Older', { password: PASSWORD }),
      await signUp(api, 'Max Newer', { password: PASSWORD }),
    ];
    older = (
      await api.call('createReview', {
        params: { id: content._id },
        body: { rating: 5, comment: 'Older and glowing.' },
        token: ola.token,
      })
    ).body.review._id;
    newer = (
      await api.call('createReview', {
        params: { id: content._id },
        body: { rating: 2, comment: 'Newer and grumpy.' },
        token: max.token,
      })
    ).body.review._id;
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
  });

  const order = (page: Page) =>
    page
      .locator('#reviews [data-review]:not([data-own-review])')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-review')));

  it('a user votes a review helpful and takes it back, sorts the reviews and reports one with a reason', async () => {
    const reader = await signUp(api, 'Rhea Reader', { password: PASSWORD });
    const page = await pageAt(WIDE, { email: reader.email, password: PASSWORD });
    await page.goto(`/content/${content.slug}`);
    const olderItem = page.locator(`[data-review="${older}"]`);
    const helpful = olderItem.getByRole('button', { name: 'Helpful review by Ola Older' });
    await helpful.waitFor();
    // Most helpful first, the newest first among equals.
    expect((await order(page)).indexOf(newer)).toBeLessThan((await order(page)).indexOf(older));

    await helpful.click();
    await expect.poll(() => helpful.getAttribute('aria-pressed')).toBe('true');
    await olderItem.getByText('1 person found this helpful').waitFor();
    await helpful.click();
    await expect.poll(() => helpful.getAttribute('aria-pressed')).toBe('false');
    expect(await olderItem.getByText('found this helpful').count()).toBe(0);
    await helpful.click();
    await expect.poll(() => helpful.getAttribute('aria-pressed')).toBe('true');

    // A vote does not move the review under the pointer; the order is taken again when chosen.
    const sort = page.getByLabel('Sort reviews');
    const newerFirst = async () => (await order(page)).indexOf(newer) < (await order(page)).indexOf(older);
    expect(await newerFirst()).toBe(true);
    await sort.selectOption('lowest');
    await expect.poll(newerFirst).toBe(true);
    await sort.selectOption('highest');
    await expect.poll(newerFirst).toBe(false);
    await sort.selectOption('newest');
    await expect.poll(newerFirst).toBe(true);
    await sort.selectOption('helpful');
    await expect.poll(newerFirst).toBe(false);

    // Reporting asks why, and says it was taken.
    await page.locator(`[data-review="${newer}"]`).getByRole('button', { name: 'Report review by Max Newer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report the review by Max Newer?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Report review' }).click();
    await dialog.getByText('Choose a reason').waitFor();
    await dialog.getByLabel('Spam or advertising').check();
    await dialog.getByRole('button', { name: 'Report review' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.locator(`[data-review="${newer}"] [data-review-reported]`).waitFor();
  });

  it('the admin finds it on the dashboard and under Reported, and dismisses the reports', async () => {
    const page = await pageAt(WIDE, DEMO_ADMIN);
    await page.goto('/admin/dashboard');
    await page.locator('[data-waiting="reportedReviews"] a').click();
    await page.waitForURL((url) => url.pathname === '/admin/reviews' && url.searchParams.get('reported') === 'yes');
    await hydrated(page);
    const row = page.locator('[data-review-row]', { hasText: 'Newer and grumpy.' });
    await row.getByText('Spam or advertising').waitFor();
    expect(await page.getByLabel('Reports').inputValue()).toBe('yes');
    await row.getByRole('button', { name: /^Dismiss/ }).click();
    expect(await answerConfirmation(page, 'Dismiss')).toBe('Dismiss the reports?');
    await row.waitFor({ state: 'detached' });
  });

  it('the top bar’s box suggests as one types and is worked by the keyboard (ARIA combobox)', async () => {
    const page = await pageAt(WIDE);
    await page.goto('/search');
    const box = page.locator('#top-search');
    await box.focus();
    await expect.poll(() => box.getAttribute('role')).toBe('combobox');
    const typed = content.name.split(/\s+/)[0]!.slice(0, 4);
    await box.pressSequentially(typed);
    const listbox = page.getByRole('listbox', { name: 'Suggestions' });
    await listbox.getByRole('option').first().waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    await expect
      .poll(() => page.locator('[data-search-form] [role="status"]').first().textContent())
      .toMatch(/\d+ suggestions?\./);
    expect(await listbox.locator('mark').count()).toBeGreaterThan(0);

    await box.press('ArrowDown');
    const first = listbox.getByRole('option').first();
    expect(await first.getAttribute('aria-selected')).toBe('true');
    expect(await box.getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));
    await box.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    expect(await listbox.isVisible()).toBe(false);

    // Down again reopens; the last content option, chosen with Enter, opens its page.
    await box.press('ArrowDown');
    const contentOptions = listbox.locator('[data-suggestion="content"]');
    const count = await listbox.getByRole('option').count();
    const target = contentOptions.first();
    const at = await target.evaluate((option) => [...option.parentElement!.children].indexOf(option));
    for (let i = 1; i <= at; i++) await box.press('ArrowDown');
    expect(count).toBeLessThanOrEqual(8);
    const label = (await target.textContent()) ?? '';
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/content/'));
    expect(await page.locator('h1').textContent()).toBe(label);

    // Enter with none chosen searches as before.
    const again = page.locator('#top-search');
    await again.focus();
    await again.pressSequentially('zz');
    await again.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/search') && url.searchParams.get('searchTerm') === 'zz');
  });

  it('at 390 px the home page’s box suggests within the screen', async () => {
    const page = await pageAt({ width: 390, height: 844 });
    await page.goto('/');
    const box = page.locator('#home-search');
    await box.focus();
    await box.pressSequentially('web');
    const popup = page.locator('[data-suggestions]').filter({ has: page.getByRole('option') });
    await popup.getByRole('option').first().waitFor();
    const bounds = await popup.boundingBox();
    expect(bounds!.x).toBeGreaterThanOrEqual(0);
    expect(bounds!.x + bounds!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Every suggestion shows whole, over what follows the banner: none cut off by the banner's edge.
    const options = popup.getByRole('option');
    expect(await options.count()).toBeGreaterThan(3);
    const hidden = await options.evaluateAll(
      (items) =>
        items.filter((item) => {
          const { left, top, width, height } = item.getBoundingClientRect();
          const atCentre = document.elementFromPoint(left + width / 2, top + height / 2);
          return !atCentre || !item.contains(atCentre);
        }).length,
    );
    expect(hidden).toBe(0);
    expect(await options.first().evaluate((item) => getComputedStyle(item).textAlign)).toBe('left');
  });
});

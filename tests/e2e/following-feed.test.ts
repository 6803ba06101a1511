/**
 * The Following page as a feed (docs/product.md, Follow and feeds): what was added to the followed tags comes
 * first, newest first, the new ones marked, a page at a time; with nothing added yet it says so; with no follows
 * it says how to follow. At 1366 and 390 px, axe clean in both themes.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, hydrated, signInThroughForm } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, newContent, signUp } from '../setup/actors.ts';
import { axeViolations } from './axe-screens.ts';

const SIZES = [
  { name: 'laptop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

describe.skipIf(!hasBrowser)('the Following page, a feed of what is new', () => {
  const browser = useBrowser();
  const { server, api } = useServer();

  async function signedIn(name: string, size: (typeof SIZES)[number]): Promise<{ page: Page; token: string }> {
    const person = await signUp(api, name);
    const context = await browser.newContext({ baseURL: server.url, viewport: size, bypassCSP: true });
    const page = await context.newPage();
    await signInThroughForm(page, person);
    return { page, token: person.token };
  }

  for (const size of SIZES)
    it(`lists the additions to the followed tags, newest first and paged, above the tags (${size.name})`, async () => {
      const { page, token } = await signedIn(`Feed reader ${size.name}`, size);
      await api.call('follow', { params: { kind: 'category', value: 'web-development' }, token });
      const admin = await asAdmin(api);
      const fresh = `Fresh in web development ${size.name}`;
      await newContent(api, admin.token, {
        name: fresh,
        image: 'https://example.org/i.png',
        category: [{ label: 'Web Development', value: 'web-development' }],
        description: 'Just added to a followed subject.',
      });

      await page.goto('/following');
      await hydrated(page);
      const feed = page.locator('[data-follows-feed]');
      const items = feed.locator('[data-feed-item]');
      await items.first().waitFor();
      expect(await items.count()).toBe(12);
      expect(await items.first().getByRole('link').first().textContent()).toBe(fresh);
      expect(await items.first().locator('[data-feed-new]').textContent()).toBe('New');
      expect(await items.nth(1).locator('[data-feed-new]').count()).toBe(0);
      expect(await items.first().getByRole('link', { name: 'Web Development', exact: true }).count()).toBe(1);
      // The feed comes before the list of tags.
      const feedTop = (await feed.boundingBox())!.y;
      const tagsTop = (await page.locator('[data-followed-tag="web-development"]').boundingBox())!.y;
      expect(feedTop).toBeLessThan(tagsTop);

      // Older, then Newer again.
      const firstName = await items.first().getByRole('link').first().textContent();
      await feed.getByRole('button', { name: 'Older →' }).click();
      await expect.poll(() => feed.locator('[data-feed-page]').textContent()).toMatch(/^Page 2 of \d+$/);
      expect(await items.first().getByRole('link').first().textContent()).not.toBe(firstName);
      await feed.getByRole('button', { name: '← Newer' }).click();
      await expect.poll(() => items.first().getByRole('link').first().textContent()).toBe(fresh);
      // Still marked New, as when the page opened.
      expect(await items.first().locator('[data-feed-new]').count()).toBe(1);
      await page.screenshot({ path: `/tmp/shots/following-feed-${size.name}.png`, fullPage: true });
      expect(await axeViolations(page, `following feed (${size.name})`)).toEqual([]);
      await page.context().close();
    });

  it('says so when nothing was added yet, and says how to follow when nothing is followed', async () => {
    const { page, token } = await signedIn('Feed empty', SIZES[1]);
    await page.goto('/following');
    await hydrated(page);
    await page.locator('[data-following-empty]').getByText('press Follow').waitFor();
    expect(await page.locator('[data-follows-feed]').count()).toBe(0);
    // Nothing to mail yet: the digest's switch comes with the first follow.
    expect(await page.getByLabel(/weekly digest/).isVisible()).toBe(false);
    expect(await axeViolations(page, 'following, nothing followed')).toEqual([]);

    // A tag no content carries yet.
    const admin = await asAdmin(api);
    const label = `Quietology ${Date.now()}`;
    const made = await api.call('createTag', { body: { kind: 'category', label }, token: admin.token });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    await api.call('follow', { params: { kind: 'category', value: made.body.value }, token });
    await page.reload();
    await hydrated(page);
    await page.locator('[data-feed-empty]').getByText('Nothing has been added to what you follow yet.').waitFor();
    expect(await page.getByLabel(/weekly digest/).isVisible()).toBe(true);
    expect(await axeViolations(page, 'following, nothing added')).toEqual([]);
    await page.context().close();
  });
});

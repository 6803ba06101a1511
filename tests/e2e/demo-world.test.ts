/**
 * The demo world a first visitor meets (README, docs/product.md): the popular resources carry several reviews by
 * different learners, each in its own words; the default search shows rated cards; a card without a picture is a
 * compact tile beside its name, never a block of one letter; a demo account's address counts as verified, and its shelf holds saves and a learning path. At
 * 1366 and 390 px, axe clean in both themes.
 */
import { describe, expect, it } from 'vitest';
import { hasBrowser, hydrated, signInThroughForm } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { useServer } from '../setup/use-server.ts';
import { axeViolations } from './axe-screens.ts';

const SIZES = [
  { name: 'laptop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

describe.skipIf(!hasBrowser)('the demo world, as a first visitor sees it', () => {
  const browser = useBrowser();
  const { server } = useServer();

  for (const size of SIZES)
    it(`a popular resource has several learners' reviews, and the first results are rated (${size.name})`, async () => {
      const context = await browser.newContext({ baseURL: server.url, viewport: size, bypassCSP: true });
      const page = await context.newPage();

      await page.goto('/content/cs50x-introduction-to-computer-science');
      const reviews = page.locator('[data-reviews] > li[data-review]');
      await reviews.first().waitFor();
      expect(await reviews.count()).toBeGreaterThanOrEqual(5);
      const texts = await reviews.allInnerTexts();
      expect(new Set(texts).size).toBe(texts.length);
      // Each by a learner of their own.
      const names = await reviews.evaluateAll((items) =>
        items.map((item) => item.querySelector('.font-semibold')?.textContent),
      );
      expect(new Set(names).size).toBe(names.length);
      const ratings = await reviews.evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.rating));
      expect(new Set(ratings).size).toBeGreaterThan(1);
      // Some were found helpful, and the default sort, Most helpful, puts the most found so first.
      const helpful = await reviews.evaluateAll((items) =>
        items.map((item) => Number((item as HTMLElement).dataset.helpful)),
      );
      expect(Math.max(...helpful)).toBeGreaterThan(0);
      expect(helpful[0]).toBe(Math.max(...helpful));
      expect(await reviews.first().locator('[data-helpful-count]').textContent()).toMatch(/found this helpful/);
      expect(await axeViolations(page, `demo content page (${size.name})`)).toEqual([]);

      // The default search, newest first: most of its first page has been reviewed.
      await page.goto('/search');
      const cards = page.locator('[data-content-card]');
      await cards.first().waitFor();
      const counts = await cards.evaluateAll((all) =>
        all.map((card) => /\((\d+) reviews?\)/.exec(card.textContent ?? '')?.[1]),
      );
      expect(counts.filter((n) => Number(n) > 0).length).toBeGreaterThanOrEqual(Math.ceil(counts.length * 0.75));
      // No picture: a compact tile beside the name, never a card-wide block of one letter.
      for (const card of (await cards.all()).slice(0, 4)) {
        expect(await card.locator('[data-placeholder="compact"]').count()).toBe(1);
        const tile = (await card.locator('[data-placeholder="compact"]').boundingBox())!;
        expect(tile.width).toBeLessThanOrEqual(48);
      }
      await page.screenshot({ path: `/tmp/shots/demo-search-${size.name}.png` });
      await context.close();
    });

  it('a demo account signs in to a verified address: its profile asks for no verification', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: SIZES[1] });
    const page = await context.newPage();
    await signInThroughForm(page, { email: 'grace@skillshelf.dev', password: 'skillshelf-demo' });
    await page.goto('/profile');
    await hydrated(page);
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    expect(await page.locator('[data-email-unverified]').count()).toBe(0);
    // Grace's shelf is lived in: her saves, and her public learning path with her progress.
    await page.goto('/saved');
    await hydrated(page);
    await expect.poll(() => page.locator('[data-saved-item]').count()).toBeGreaterThan(5);
    await page.goto('/my-lists');
    await hydrated(page);
    await page.getByRole('link', { name: 'From zero to web developer' }).first().click();
    await page.waitForURL(/\/my-lists\/[^/]+$/);
    await hydrated(page);
    await expect.poll(() => page.locator('[data-progress-bar]').first().innerText()).toContain('2 of 6 done');
    await context.close();
  });
});

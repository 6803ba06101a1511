/**
 * My Reviews' edit form opens with the review's own stars (docs/product.md, My Reviews), though it appears with
 * its first star under the pointer that clicked Edit: a star previews a rating only when the pointer moves
 * onto it. At a laptop's width and a phone's.
 */
import { describe, expect, it } from 'vitest';
import { hasBrowser, hydrated, signInThroughForm } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';

const SIZES = [
  { name: 'laptop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

describe.skipIf(!hasBrowser)('My Reviews, editing a review', () => {
  const browser = useBrowser();
  const { server, api } = useServer();

  for (const size of SIZES)
    it(`opens the form with the review's stars under a still pointer, and previews only on a move (${size.name})`, async () => {
      const reviewer = await signUp(api, `Stars ${size.name}`);
      const [content] = (
        await api.call('searchContents', {
          query: { order: 'oldest' },
        })
      ).body.contents;
      const posted = await api.call('createReview', {
        params: { id: content._id },
        body: { rating: 4, comment: 'Four stars, well earned.' },
        token: reviewer.token,
      });
      expect(posted.status).toBe(201);
      const context = await browser.newContext({ baseURL: server.url, viewport: size });
      const page = await context.newPage();
      await signInThroughForm(page, reviewer);
      await page.goto('/my-reviews');
      await hydrated(page);
      const edit = page.getByRole('button', { name: /^Edit your review/ });
      const shown = page.locator('[data-star-input] > span');

      // Edit, clicked with the mouse, opens the form with its first star under the still pointer.
      await edit.click();
      await page.locator('[data-star-input]').waitFor();
      await page.waitForTimeout(300);
      expect(await shown.textContent()).toBe('4 / 5');
      expect(await page.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);

      // A pointer that moves onto a star previews it; leaving shows the rating again.
      const third = await page.locator('[data-star-input] label').nth(2).boundingBox();
      await page.mouse.move(third!.x + third!.width / 2, third!.y + third!.height / 2, { steps: 4 });
      await expect.poll(() => shown.textContent()).toBe('3 / 5');
      await page.mouse.move(0, 0, { steps: 4 });
      await expect.poll(() => shown.textContent()).toBe('4 / 5');
      await context.close();
    });
});

/**
 * Sharing a list and how it looks, in a real browser (docs/product.md, Lists): the Share button of a public
 * list's page and of its owner's page (the address copied on a laptop, the share sheet on a phone), the cover
 * made of its first resources' pictures on My Lists and the public page, and progress bars whose empty track is
 * light, so 0 % reads as empty. At 1366 and 390 px, both themes, axe-core finding no violation; screenshots in
 * scratch/screens/.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, hydrated, settled, signInThroughForm } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';
import { ALL_RULES, COLOUR_RULES, violationsOf } from './axe-screens.ts';

const SCREENS = new URL('../../scratch/screens/', import.meta.url).pathname;
const SIZES = {
  laptop: { viewport: { width: 1366, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
} as const;
const PASSWORD = 'cover-password-1';

/** A colour as the browser computes it, its channels and alpha. */
function channels(colour: string): { alpha: number; text: string } {
  const alpha = /\/\s*([\d.]+)\)$/.exec(colour)?.[1] ?? /rgba\([^)]*,\s*([\d.]+)\)$/.exec(colour)?.[1];
  return { alpha: alpha === undefined ? 1 : Number(alpha), text: colour };
}

describe.skipIf(!hasBrowser)('a list’s Share button, cover and progress bar, in the browser', () => {
  const browser = useBrowser();
  let contents: Array<{ _id: string; slug: string; name: string }>;
  const { server, api } = useServer({ env: { RATE_LIMIT_OFF: 'true' } });

  beforeAll(async () => {
    mkdirSync(SCREENS, { recursive: true });
    contents = (await api.call('searchContents', { query: { order: 'oldest' } })).body.contents.slice(0, 5);
  });

  async function check(page: Page, name: string, size: string) {
    const found: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await settled(page);
      for (const v of await violationsOf(page, theme === 'light' ? ALL_RULES : COLOUR_RULES))
        found.push(
          `${name} (${size}, ${theme}): ${v.id} ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
        );
      await page.screenshot({ path: `${SCREENS}${name}-${size}-${theme}.png`, fullPage: true });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    return found;
  }

  /** The bar's track and fill as drawn: the track light and see-through, the fill the success colour. */
  async function barLooks(page: Page) {
    return page
      .locator('progress')
      .first()
      .evaluate((bar) => {
        const probe = document.createElement('span');
        probe.style.color = 'var(--color-success)';
        document.body.append(probe);
        const success = getComputedStyle(probe).color;
        probe.remove();
        return {
          track: getComputedStyle(bar).backgroundColor,
          // The fill is drawn in the bar's colour (currentColor).
          fill: getComputedStyle(bar).color,
          success,
          value: (bar as HTMLProgressElement).value,
        };
      });
  }

  it.each(Object.keys(SIZES) as Array<keyof typeof SIZES>)(
    'at %s: covers on My Lists and the public page, Share on both pages, a light empty bar',
    async (size) => {
      const ada = await signUp(api, `Ada Cover ${size}`, { password: PASSWORD });
      const made = await api.call('createList', {
        body: { name: `Five to read ${size}`, isPublic: true },
        token: ada.token,
      });
      for (const content of contents)
        await api.call('addListItem', {
          params: { id: made.body._id },
          body: { contentId: content._id },
          token: ada.token,
        });
      const two = await api.call('createList', { body: { name: `Two only ${size}` }, token: ada.token });
      for (const content of contents.slice(0, 2))
        await api.call('addListItem', {
          params: { id: two.body._id },
          body: { contentId: content._id },
          token: ada.token,
        });
      await api.call('createList', { body: { name: `Nothing yet ${size}` }, token: ada.token });

      const context = await browser.newContext({ baseURL: server.url, ...SIZES[size], bypassCSP: true });
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      // The phone's share sheet, as the page asks for it (a headless browser has none to open).
      await context.addInitScript(() => {
        const shared: unknown[] = [];
        Object.assign(window, { shared });
        Object.defineProperty(navigator, 'share', {
          configurable: true,
          value: async (data: unknown) => void shared.push(data),
        });
      });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      try {
        await signInThroughForm(page, { email: ada.email, password: PASSWORD });
        const violations: string[] = [];

        // My Lists: each list's cover, of up to 4 pictures; an empty list a plain tile. Its bar at 0 % is light.
        await page.goto('/my-lists');
        await hydrated(page);
        const cover = (name: string) =>
          page.locator('[data-my-list]').filter({ hasText: name }).locator('[data-list-cover]');
        expect(await cover(`Five to read ${size}`).getAttribute('data-pictures')).toBe('4');
        expect(await cover(`Five to read ${size}`).locator('img, svg').count()).toBe(4);
        expect(await cover(`Two only ${size}`).locator('img, svg').count()).toBe(2);
        expect(await cover(`Nothing yet ${size}`).locator('img, svg').count()).toBe(0);
        await page.locator('[data-progress-bar]').first().getByText('0 of').waitFor();
        for (const theme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: theme });
          const looks = await barLooks(page);
          expect(looks.value).toBe(0);
          expect(channels(looks.track).alpha).toBeLessThanOrEqual(0.2);
          expect(looks.fill).toBe(looks.success);
        }
        await page.emulateMedia({ colorScheme: 'light' });
        violations.push(...(await check(page, 'my-lists-covers', size)));

        // The public page: its cover, and Share.
        const slug = made.body.slug;
        const address = `${server.url}/lists/${slug}`;
        await page.goto(`/lists/${slug}`);
        await page.locator('[data-public-list] [data-list-cover] >> nth=0').waitFor();
        expect(await page.locator('[data-public-list] [data-list-cover]').getAttribute('data-pictures')).toBe('4');
        const share = page.getByRole('button', { name: 'Share' });
        await share.click();
        if (size === 'laptop') {
          await page.getByText('Link copied').waitFor();
          expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
        } else {
          await expect
            .poll(() => page.evaluate(() => (window as unknown as { shared: unknown[] }).shared))
            .toEqual([{ title: `Five to read ${size}`, url: address }]);
        }
        violations.push(...(await check(page, 'list-public-cover', size)));

        // The owner's page of a public list: Share too, the same address.
        await page.goto(`/my-lists/${made.body._id}`);
        await hydrated(page);
        await page.getByRole('button', { name: 'Share' }).click();
        if (size === 'laptop') {
          await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(address);
        } else {
          await expect
            .poll(() => page.evaluate(() => (window as unknown as { shared: unknown[] }).shared))
            .toEqual([{ title: `Five to read ${size}`, url: address }]);
        }
        // A private list has no public address to share.
        await page.goto(`/my-lists/${two.body._id}`);
        await hydrated(page);
        expect(await page.getByRole('button', { name: 'Share' }).count()).toBe(0);

        expect(violations).toEqual([]);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});

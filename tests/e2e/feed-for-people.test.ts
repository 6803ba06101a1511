/**
 * A subject's feed, found and opened as a person would (docs/product.md, Follow and feeds): a visible Feed link
 * on the subject's search page (and the whole catalog's on /search) opens a page that says what a feed is and
 * gives its address, not raw XML. A laptop and a phone, both themes, axe clean.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { useServer } from '../setup/use-server.ts';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const SIZES = [
  { name: 'laptop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (d: Document, o: object) => Promise<{ violations: Array<{ id: string; nodes: unknown[] }> }> };
      }
    ).axe;
    const { violations } = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] },
    });
    return violations.map((v) => `${v.id} ${JSON.stringify(v.nodes.map((n) => (n as { target: unknown }).target))}`);
  });
}

describe.skipIf(!hasBrowser)('a subject’s feed, for a person', () => {
  const browser = useBrowser();
  const { server } = useServer();

  for (const size of SIZES)
    for (const theme of ['light', 'dark'] as const)
      it(`is linked from the subject's page and reads as a page (${size.name}, ${theme})`, async () => {
        const context = await browser.newContext({
          baseURL: server.url,
          viewport: size,
          colorScheme: theme,
          bypassCSP: true,
        });
        const page = await context.newPage();
        await page.goto('/search?category=web-development');
        const link = page.locator('[data-feed-link]');
        expect(await link.isVisible()).toBe(true);
        expect(await axeViolations(page)).toEqual([]);
        await page.goto('/search');
        expect(await page.locator('[data-feed-link]').getAttribute('href')).toBe('/feed');
        await page.goto('/search?category=web-development');

        // The link opens a page for a person: what a feed is, its address to copy, its newest resources.
        await link.click();
        await page.waitForURL((url) => url.pathname === '/feed');
        expect(await page.locator('h1').innerText()).toBe('Feed: newest in Web Development');
        expect(await page.locator('[data-feed-about]').innerText()).toContain('Copy its address into your reader');
        expect(await page.locator('[data-feed-address]').inputValue()).toMatch(
          /\/feed\.xml\?category=web-development$/,
        );
        expect(await page.locator('[data-feed-entries] li').count()).toBeGreaterThan(0);
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({ path: `/tmp/shots/feed-${size.name}-${theme}.png` });
        expect((await page.request.get('/feed?category=no-such-tag')).status()).toBe(404);
        await context.close();
      });
});

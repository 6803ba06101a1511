/**
 * The admin screens' tabs on a phone (docs/product.md, Admin): one line that scrolls sideways, never two, the
 * current tab scrolled into view; on a laptop all in one line too. And the tags table's phone cards, two
 * lines each. Both themes, axe clean.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, signInThroughForm } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { DEMO_ADMIN } from '../setup/http.ts';
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
      window as unknown as { axe: { run: (d: Document, o: object) => Promise<{ violations: Array<{ id: string }> }> } }
    ).axe;
    const { violations } = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } });
    return violations.map((v) => v.id);
  });
}

describe.skipIf(!hasBrowser)('the admin tabs', () => {
  const browser = useBrowser();
  const { server } = useServer();

  for (const size of SIZES)
    for (const theme of ['light', 'dark'] as const)
      it(`keep to one line (${size.name}, ${theme})`, async () => {
        const context = await browser.newContext({
          baseURL: server.url,
          viewport: size,
          colorScheme: theme,
          bypassCSP: true,
        });
        const page = await context.newPage();
        await signInThroughForm(page, DEMO_ADMIN);
        await page.goto('/admin/audit');
        const tabs = page.locator('[data-admin-tabs] a');
        const tops = await tabs.evaluateAll((links) => [
          ...new Set(links.map((a) => Math.round(a.getBoundingClientRect().top))),
        ]);
        expect(tops).toHaveLength(1);
        // The current tab (Audit log, the last) is in view.
        await expect
          .poll(() =>
            page.locator('[data-admin-tabs] [aria-current]').evaluate((a) => {
              const box = a.getBoundingClientRect();
              return box.left >= 0 && box.right <= innerWidth;
            }),
          )
          .toBe(true);
        // The page itself never scrolls sideways: the strip does.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
        expect(await axeViolations(page)).toEqual([]);
        if (size.name === 'phone') {
          // The tags table's cards are two lines: the label, then its other cells (tests/e2e/admin-phone-rows.test.ts).
          await page.goto('/admin/tags');
          const card = page.locator('tbody tr').first();
          await card.waitFor();
          expect((await card.boundingBox())!.height).toBeLessThan(100);
          const tops = await card
            .locator('td:not(.admin-actions)')
            .evaluateAll(
              (cells) =>
                new Set(
                  cells.filter((td) => td.checkVisibility()).map((td) => Math.round(td.getBoundingClientRect().top)),
                ).size,
            );
          expect(tops).toBeLessThanOrEqual(2);
          expect(await axeViolations(page)).toEqual([]);
        }
        await context.close();
      });
});

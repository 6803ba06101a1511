/**
 * Where things sit: a form's first invalid field scrolled into view below the sticky top bar, not under it;
 * "Report a broken link" a quiet link in line with the website link; the Saved page's two links far enough
 * apart to hit (WCAG 2.5.8: 24 px); My Submissions' four tabs on one row on a phone; a chosen filter and its chip
 * the strongest state in the dark theme.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, hydrated, signInThroughForm } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { uniqueEmail } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

describe.skipIf(!hasBrowser)('placement', () => {
  const browser = useBrowser();
  let contentPath: string;
  const user = { name: 'Pia Placement', email: uniqueEmail('placement'), password: 'placement-password-1' };

  const { server, api } = useServer();
  beforeAll(async () => {
    const { body } = await api.call('searchContents', {
      query: { order: 'topRated' },
    });
    contentPath = `/content/${body.contents[0].slug}`;
    const signup = await signUp(api, user.name, { email: user.email, password: user.password });
    for (const content of body.contents.slice(0, 3))
      await api.call('toggleSave', {
        body: { contentId: content._id },
        token: signup.token,
      });
    for (let i = 0; i < 3; i++)
      await api.call('submitLink', {
        body: { url: `https://placement-${i}-${Date.now()}.example.org/`, name: `Placement ${i}` },
        token: signup.token,
      });
  });

  async function signedIn(viewport: typeof PHONE, run: (page: Page) => Promise<void>) {
    const context = await browser.newContext({ baseURL: server.url, viewport });
    try {
      const page = await context.newPage();
      await signInThroughForm(page, user);
      await run(page);
    } finally {
      await context.close();
    }
  }

  const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;

  it('sent without its URL, the submit form shows the URL field and its error below the sticky top bar', async () => {
    await signedIn(DESKTOP, async (page) => {
      await page.goto('/submit-content');
      await hydrated(page);
      // From the foot of the form, the URL field above, under the top bar.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const hidden = await box(page, '#field-url');
      const bar = await box(page, 'header');
      expect(hidden.y).toBeLessThan(bar.y + bar.height);
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      const error = page.locator('[data-field-error="url"]');
      await error.waitFor();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('field-url');
      const header = await box(page, 'header');
      const field = await box(page, '#field-url');
      expect(field.y, 'the field below the top bar').toBeGreaterThanOrEqual(header.y + header.height + 8);
      const shown = await error.boundingBox();
      expect(shown!.y + shown!.height).toBeLessThanOrEqual(DESKTOP.height);
    });
  });

  it('"Report a broken link" is a quiet link centred on the line of the website link; its thanks reads short', async () => {
    await signedIn(DESKTOP, async (page) => {
      await page.goto(contentPath);
      const report = page.getByRole('button', { name: 'Report a broken link' });
      await expect.poll(() => report.isVisible()).toBe(true);
      const style = await report.evaluate((el) => {
        const s = getComputedStyle(el);
        return {
          fontSize: parseFloat(s.fontSize),
          underline: s.textDecorationLine,
          link: el.classList.contains('link'),
        };
      });
      expect(style.link).toBe(true);
      expect(style.fontSize).toBeGreaterThanOrEqual(14);
      const visit = await box(page, '[data-external-link]');
      const own = (await report.boundingBox())!;
      expect(Math.abs(visit.y + visit.height / 2 - (own.y + own.height / 2))).toBeLessThanOrEqual(1);
      expect(own.x).toBeGreaterThan(visit.x + visit.width);
      await report.click();
      const thanks = page.locator('[data-report-link]').getByRole('status');
      await thanks.waitFor();
      expect(await thanks.textContent()).toBe("Thanks — we'll check this link.");
      const thanked = (await thanks.boundingBox())!;
      expect(Math.abs(visit.y + visit.height / 2 - (thanked.y + thanked.height / 2))).toBeLessThanOrEqual(1);
    });
  });

  it("the Saved page's name and visit-website links do not overlap and are 24 px apart", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      await signedIn(viewport, async (page) => {
        await page.goto('/saved');
        await hydrated(page);
        const items = page.locator('[data-saved-item]');
        await expect.poll(() => items.count()).toBe(3);
        for (const item of await items.all()) {
          const [name, visit] = await item
            .locator('a')
            .evaluateAll((links) => links.map((a) => a.getBoundingClientRect().toJSON() as DOMRect));
          expect(name!.bottom, JSON.stringify({ name, visit })).toBeLessThanOrEqual(visit!.top);
          // WCAG 2.5.8: 24 px circles on the targets' centres do not meet; each also at least 24 px high.
          const centres = visit!.top + visit!.height / 2 - (name!.top + name!.height / 2);
          expect(centres).toBeGreaterThanOrEqual(24);
          expect(name!.height).toBeGreaterThanOrEqual(24);
          expect(visit!.height).toBeGreaterThanOrEqual(24);
        }
      });
    }
  });

  it("My Submissions' four tabs stay on one row on a phone, each with its count", async () => {
    await signedIn(PHONE, async (page) => {
      await page.goto('/submissions');
      const tabs = page.getByRole('navigation', { name: 'Filter by state' }).getByRole('link');
      expect(await tabs.count()).toBe(4);
      const boxes = await tabs.evaluateAll((links) => links.map((a) => a.getBoundingClientRect().toJSON() as DOMRect));
      expect(new Set(boxes.map((b) => Math.round(b.top))).size, JSON.stringify(boxes)).toBe(1);
      for (const b of boxes) expect(b.right).toBeLessThanOrEqual(PHONE.width);
      expect(await tabs.allInnerTexts()).toEqual([
        expect.stringMatching(/^All\s+\(3\)$/),
        expect.stringMatching(/^Pending\s+\(3\)$/),
        expect.stringMatching(/^Approved\s+\(0\)$/),
        expect.stringMatching(/^Rejected\s+\(0\)$/),
      ]);
      expect(await tabs.first().getAttribute('aria-current')).toBe('page');
    });
  });
  it('a group whose values combine shows boxes to tick, two ticked when two are chosen; a step shows none', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: DESKTOP });
    try {
      const page = await context.newPage();
      await page.goto('/search?techStack=python&techStack=javascript');
      const ticked = (group: string) =>
        page.locator(`#filters-drawer [data-filter-option^="${group}="]`).evaluateAll((links) =>
          links.flatMap((link) => {
            const box = link.querySelector('[data-filter-box] span');
            return box && getComputedStyle(box).visibility === 'visible'
              ? [link.getAttribute('data-filter-option')]
              : [];
          }),
        );
      expect((await ticked('techStack')).sort()).toEqual(['techStack=javascript', 'techStack=python']);
      expect(
        await page.locator('#filters-drawer [data-filter-option^="techStack="] [data-filter-box]').count(),
      ).toBeGreaterThan(2);
      expect(await page.locator('#filters-drawer [data-filter-option^="rating="] [data-filter-box]').count()).toBe(0);
      // Ticking a third one keeps the other two.
      await page.locator('#filters-drawer [data-filter-option="techStack=sql"]').click();
      await page.waitForURL((url) => url.searchParams.getAll('techStack').length === 3);
      expect((await ticked('techStack')).sort()).toEqual(['techStack=javascript', 'techStack=python', 'techStack=sql']);
    } finally {
      await context.close();
    }
  });

  it('in the dark theme a chosen filter and its chip are the strongest state, above the hover highlight', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: DESKTOP, colorScheme: 'dark' });
    try {
      const page = await context.newPage();
      await page.goto('/search?category=web-development');
      const other = page.locator('#filters-drawer [data-filter-option^="category="]:not([aria-current])').first();
      await other.hover();
      // Past daisyUI's transition of the hover highlight.
      await page.waitForTimeout(400);
      const ratios = await other.evaluate((hovered) => {
        const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
        const rgb = (color: string, under = 'rgb(0,0,0)') => {
          canvas.clearRect(0, 0, 1, 1);
          for (const layer of [under, color]) {
            canvas.fillStyle = layer;
            canvas.fillRect(0, 0, 1, 1);
          }
          return [...canvas.getImageData(0, 0, 1, 1).data].slice(0, 3);
        };
        const luminance = (rgba: number[]) => {
          const [r, g, b] = rgba.map((v) =>
            v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4,
          );
          return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
        };
        const sidebar = getComputedStyle(
          document.querySelector('section[aria-labelledby="filters-heading"]')!,
        ).backgroundColor;
        const page = getComputedStyle(document.body).backgroundColor;
        const against = (el: Element, base: string) => {
          const [a, b] = [luminance(rgb(getComputedStyle(el).backgroundColor, base)), luminance(rgb(base))].sort(
            (x, y) => y - x,
          );
          return (a! + 0.05) / (b! + 0.05);
        };
        return {
          chosen: against(
            document.querySelector('#filters-drawer [data-filter-option="category=web-development"]')!,
            sidebar,
          ),
          hovered: against(hovered, sidebar),
          chip: against(document.querySelector('[data-filter-chip="category"]')!, page),
        };
      });
      // A state shown by colour alone is a non-text contrast: 3:1 at least (WCAG 1.4.11).
      expect(ratios.chosen).toBeGreaterThanOrEqual(3);
      expect(ratios.chosen).toBeGreaterThan(ratios.hovered);
      expect(ratios.chip).toBeGreaterThanOrEqual(3);
    } finally {
      await context.close();
    }
  });
});

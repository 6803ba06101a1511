/**
 * Dark mode (docs/product.md#audience-and-page-frame, decision 014): the pages follow the system's colour scheme, and the top
 * bar's toggle chooses light, dark or the system's again, kept in the browser. The pages are made once for
 * everyone, so the theme is the browser's: from the very first frame it draws, a page shows the right one —
 * never a light flash in the dark.
 *
 * How the first paint is seen (as in signed-in-first-paint.test.ts): a script injected before the page's own
 * records the page's background in a requestAnimationFrame callback, which runs just before each frame is
 * drawn, until the page has loaded; the page's module scripts are held back for a moment, so whatever a frame
 * shows was drawn by the HTML, its CSS and its inline head script alone.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, holdModuleScripts } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { useServer } from '../setup/use-server.ts';
import { DEMO_ADMIN } from '../setup/http.ts';

const MODULE_DELAY_MS = 500;

interface Frame {
  t: number;
  /** The body's background, as its relative luminance (0 black … 1 white). */
  luminance: number;
  theme: string | null;
}

/** Runs in the page before anything else: records every frame with a body until the page has loaded. */
function recordFrames(): void {
  const frames: unknown[] = [];
  (window as unknown as { __frames: unknown[] }).__frames = frames;
  const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
  const luminance = (color: string) => {
    canvas.clearRect(0, 0, 1, 1);
    canvas.fillStyle = color;
    canvas.fillRect(0, 0, 1, 1);
    const [r, g, b] = [...canvas.getImageData(0, 0, 1, 1).data].map((v) => {
      const c = v / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  // Tests measure other colours with it too (the dashboard's chart text).
  (window as unknown as { __luminance: typeof luminance }).__luminance = luminance;
  const record = (t: number) => {
    if (document.body) {
      frames.push({
        t,
        luminance: luminance(getComputedStyle(document.body).backgroundColor),
        theme: document.documentElement.getAttribute('data-theme'),
      });
    }
    if (document.readyState !== 'complete') requestAnimationFrame(record);
  };
  requestAnimationFrame(record);
}

const DARK = 0.1;
const LIGHT = 0.5;

describe.skipIf(!hasBrowser)('dark mode', () => {
  const browser = useBrowser();
  let contentPath: string;

  const { server } = useServer();
  beforeAll(async () => {
    const { contents } = await (await fetch(`${server.url}/api/contents/search?order=topRated`)).json();
    contentPath = `/content/${contents[0].slug}`;
  });

  /** A browser with this colour scheme whose frames are recorded, its module scripts slowed. */
  async function withBrowser(
    colorScheme: 'light' | 'dark',
    run: (page: Page, context: BrowserContext) => Promise<void>,
    javaScriptEnabled = true,
  ) {
    const context = await browser.newContext({ baseURL: server.url, colorScheme, javaScriptEnabled });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
    });
    try {
      if (javaScriptEnabled) {
        await context.addInitScript(recordFrames);
        await holdModuleScripts(context, MODULE_DELAY_MS);
      }
      await run(page, context);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }

  /** The frames drawn while `path` loaded; the first was recorded before the browser reported painting. */
  async function framesOf(page: Page, path: string): Promise<Frame[]> {
    await page.goto(path, { waitUntil: 'load' });
    const frames = await page.evaluate(() => (window as unknown as { __frames: Frame[] }).__frames);
    const [firstContentfulPaint] = await page.evaluate(() =>
      performance.getEntriesByName('first-contentful-paint').map((e) => e.startTime),
    );
    expect(frames.length, path).toBeGreaterThan(0);
    expect(frames[0]!.t, path).toBeLessThanOrEqual(firstContentfulPaint!);
    return frames;
  }

  const themeToggle = (page: Page) => page.getByRole('button', { name: /^Theme:/ });
  /** The toggle's accessible name: the choice in force. */
  const toggleName = (page: Page) =>
    themeToggle(page).evaluate((button) => (button as HTMLElement).innerText.replace(/\s+/g, ' ').trim());

  it('a system in dark mode gets the dark theme from the first frame, on the shared pages and the others', async () => {
    await withBrowser('dark', async (page) => {
      for (const path of ['/', '/search', contentPath, '/signin']) {
        for (const frame of await framesOf(page, path))
          expect(frame.luminance, `${path} at ${frame.t} ms`).toBeLessThan(DARK);
      }
      // Following the system: no choice stored, none set on the page.
      expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBeNull();
      expect(await toggleName(page)).toBe('Theme: system');
    });
  });

  it('without JavaScript the system’s dark mode still applies, and no toggle is offered', async () => {
    await withBrowser(
      'dark',
      async (page) => {
        await page.goto('/search');
        const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        expect(background).toBe('oklch(0.2326 0.014 253.1)');
        expect(await themeToggle(page).count()).toBe(0);
      },
      false,
    );
  });

  it('the toggle chooses dark, light, then the system again; the choice is kept and shown from the first frame of the next page', async () => {
    await withBrowser('light', async (page) => {
      await page.goto('/');
      await expect.poll(() => toggleName(page)).toBe('Theme: system');
      const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const lightBackground = await background();

      await themeToggle(page).click();
      expect(
        await page.evaluate(() => [document.documentElement.dataset.theme, localStorage.getItem('theme')]),
      ).toEqual(['dark', 'dark']);
      expect(await toggleName(page)).toBe('Theme: dark');
      expect(await background()).not.toBe(lightBackground);
      for (const path of ['/search', contentPath, '/signin']) {
        for (const frame of await framesOf(page, path)) {
          expect(frame.theme, `${path} at ${frame.t} ms`).toBe('dark');
          expect(frame.luminance, `${path} at ${frame.t} ms`).toBeLessThan(DARK);
        }
      }

      // Light, chosen: kept although the system is light too.
      await themeToggle(page).click();
      expect(
        await page.evaluate(() => [document.documentElement.dataset.theme, localStorage.getItem('theme')]),
      ).toEqual(['light', 'light']);
      for (const frame of await framesOf(page, '/'))
        expect(frame.luminance, `/ at ${frame.t} ms`).toBeGreaterThan(LIGHT);

      // Back to the system's: nothing stored.
      await themeToggle(page).click();
      expect(
        await page.evaluate(() => [document.documentElement.dataset.theme ?? null, localStorage.getItem('theme')]),
      ).toEqual([null, null]);
      expect(await toggleName(page)).toBe('Theme: system');
    });
  });

  it('a choice of light holds in a system in dark mode, from the first frame', async () => {
    await withBrowser('dark', async (page, context) => {
      await page.goto('/robots.txt');
      await page.evaluate(() => localStorage.setItem('theme', 'light'));
      for (const frame of await framesOf(page, '/search')) {
        expect(frame.theme).toBe('light');
        expect(frame.luminance, `at ${frame.t} ms`).toBeGreaterThan(LIGHT);
      }
      // The page the server sent is the same for everyone: it names no theme.
      const html = await (await context.request.get('/search')).text();
      expect(html).not.toMatch(/<html[^>]*data-theme/);
    });
  });

  it('the dashboard’s pie labels and legend take the theme’s text colour, and follow a change of theme', async () => {
    await withBrowser('dark', async (page, context) => {
      const signIn = await context.request.post('/api/users/signin', {
        data: DEMO_ADMIN,
        headers: { Origin: server.url },
      });
      expect(signIn.ok()).toBe(true);
      await page.goto('/admin/dashboard');
      const labels = page.locator('[data-chart="Categories"] svg text');
      await labels.first().waitFor();
      /** The luminance of the chart's lightest and darkest text (0 black … 1 white). */
      const textLuminance = () =>
        labels.evaluateAll((texts) => {
          const { __luminance: luminance } = window as unknown as { __luminance: (color: string) => number };
          const values = texts.map((text) => luminance(text.getAttribute('fill') ?? getComputedStyle(text).fill));
          return { min: Math.min(...values), max: Math.max(...values) };
        });
      expect((await textLuminance()).min).toBeGreaterThan(LIGHT);
      // From the system's dark to light, chosen: the pie draws itself again in the light theme's text colour.
      await themeToggle(page).click();
      await expect.poll(async () => (await textLuminance()).max).toBeLessThan(DARK);
    });
  });
});

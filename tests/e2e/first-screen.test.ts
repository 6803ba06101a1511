/**
 * What a phone's first screen (390×844) shows, measured by where things are drawn: on the home page the catalog
 * (the subjects card and its first tags) under a compact banner; on search the results, with the invitation to
 * submit after them; on a content page its title, facts and rating summary, the reviews one tap away and the
 * related resources compact and after the reviews. A content without a picture is drawn with a small tile beside
 * its name on cards, on its page and in a comparison, never a picture-sized block of one letter. Each page stays axe clean in
 * both themes at both sizes and moves by 0.01 or less as it loads.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, settled } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { useServer } from '../setup/use-server.ts';
import { axeViolations } from './axe-screens.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
/** A content with facts, reviews and related resources in the demo world. */
const CONTENT = '/content/freecodecamp';
/** Larger than any compact tile: a picture-sized block of one letter. */
const TILE_MAX = 64;
const CLS_LIMIT = 0.01;

interface Box {
  top: number;
  bottom: number;
  height: number;
  width: number;
}

/** Where `selector`'s first match is drawn, in page coordinates (scrolled to the top first). */
async function boxOf(page: Page, selector: string): Promise<Box> {
  const box = await page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top + scrollY, bottom: r.bottom + scrollY, height: r.height, width: r.width };
    });
  return box;
}

/** Every generated tile the page draws, with its size. */
const tiles = (page: Page) =>
  page.locator('main svg[data-placeholder]').evaluateAll((els) =>
    els
      .filter((el) => el.checkVisibility())
      .map((el) => {
        const r = el.getBoundingClientRect();
        return { width: Math.round(r.width), height: Math.round(r.height) };
      }),
  );

function recordShifts(): void {
  const shifts: number[] = [];
  (window as unknown as { __shifts: number[] }).__shifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
      if (!entry.hadRecentInput) shifts.push(entry.value);
  }).observe({ type: 'layout-shift', buffered: true });
}

describe.skipIf(!hasBrowser)("a phone's first screen", () => {
  const browser = useBrowser();
  let phone: BrowserContext;
  let page: Page;
  const figures: string[] = [];

  const { server } = useServer();
  beforeAll(async () => {
    phone = await browser.newContext({ baseURL: server.url, viewport: PHONE, bypassCSP: true });
    await phone.addInitScript(recordShifts);
    page = await phone.newPage();
  });

  afterAll(async () => {
    if (figures.length) console.log(`first screen at ${PHONE.width}×${PHONE.height}:\n${figures.join('\n')}`);
  });

  async function open(path: string): Promise<void> {
    await page.goto(path);
    await settled(page);
    await page.evaluate(() => scrollTo(0, 0));
  }

  it('home: the subjects card and its first tags are on the first screen', async () => {
    await open('/');
    const banner = await boxOf(page, 'section[aria-labelledby="banner-title"]');
    const subjects = await boxOf(page, '[data-tag-card="category"]');
    const firstTag = await boxOf(page, '[data-tag-card="category"] li a');
    figures.push(`home: banner ${Math.round(banner.height)} px, subjects card at y=${Math.round(subjects.top)}`);
    expect(firstTag.bottom).toBeLessThanOrEqual(PHONE.height);
    // The search box stays in the banner, on the first screen.
    expect((await boxOf(page, '#home-search')).bottom).toBeLessThanOrEqual(PHONE.height);
  });

  it('search: the results start in the top half, the invitation to submit comes after them', async () => {
    await open('/search');
    const first = await boxOf(page, '[data-content-card] h3');
    const cards = await page.locator('[data-content-card]').count();
    const last = await boxOf(page, `li:nth-child(${cards}) > [data-content-card]`);
    const banner = await boxOf(page, 'main :text("Know a great learning resource?")');
    figures.push(`search: first result's name at y=${Math.round(first.top)}`);
    expect(first.top).toBeLessThanOrEqual(PHONE.height / 2);
    expect(banner.top).toBeGreaterThan(last.bottom);
  });

  it('a content: title, facts and rating first; reviews one tap away; related resources compact, after them', async () => {
    await open(CONTENT);
    for (const selector of ['h1', '[data-facts]', '[data-rating-summary]', '[data-review-count]']) {
      const box = await boxOf(page, selector);
      expect(box.bottom, `${selector} on the first screen`).toBeLessThanOrEqual(PHONE.height);
    }
    figures.push(`content: facts end at y=${Math.round((await boxOf(page, '[data-facts]')).bottom)}`);
    const reviews = await boxOf(page, '#reviews');
    for (const related of await page.locator('[data-related]').all()) {
      const top = await related.evaluate((el) => el.getBoundingClientRect().top + scrollY);
      expect(top).toBeGreaterThan(reviews.bottom);
    }
    const heights = await page
      .locator('[data-related] [data-content-card]')
      .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().height)));
    expect(heights.length).toBeGreaterThan(0);
    figures.push(`content: related cards ${heights.join(', ')} px high`);
    for (const height of heights) expect(height).toBeLessThanOrEqual(180);
    // One tap on the review count brings the reviews to the screen.
    await page.locator('[data-review-count]').click();
    await expect
      .poll(() => page.locator('#reviews-heading').evaluate((el) => el.getBoundingClientRect().top))
      .toBeLessThan(PHONE.height / 2);
  });

  for (const [size, viewport] of Object.entries({ phone: PHONE, desktop: DESKTOP })) {
    it(`${size}: a content without a picture shows a small tile beside its name, on cards and its page`, async () => {
      const context = await browser.newContext({ baseURL: server.url, viewport });
      try {
        const at = await context.newPage();
        for (const path of ['/', '/search', CONTENT, '/compare/egghead-io/freecodecamp']) {
          await at.goto(path);
          const drawn = await tiles(at);
          expect(drawn.length, `${path} draws tiles`).toBeGreaterThan(0);
          for (const tile of drawn) {
            expect(tile.width, `${path}: ${JSON.stringify(tile)}`).toBeLessThanOrEqual(TILE_MAX);
            expect(tile.height, `${path}: ${JSON.stringify(tile)}`).toBeLessThanOrEqual(TILE_MAX);
          }
        }
        // A card's tile sits beside its name, on the name's line.
        await at.goto('/search');
        const card = at.locator('[data-content-card]').first();
        const [tile, name] = await Promise.all([
          card.locator('svg[data-placeholder]').boundingBox(),
          card.locator('h3').boundingBox(),
        ]);
        expect(tile!.x + tile!.width).toBeLessThanOrEqual(name!.x);
        expect(Math.abs(tile!.y - name!.y)).toBeLessThan(16);
      } finally {
        await context.close();
      }
    });
  }

  it('the changed pages are axe clean in both themes at both sizes, and nothing moves as they load', async () => {
    const found: string[] = [];
    for (const [size, viewport] of Object.entries({ phone: PHONE, desktop: DESKTOP })) {
      const context = await browser.newContext({ baseURL: server.url, viewport, bypassCSP: true });
      await context.addInitScript(recordShifts);
      try {
        const at = await context.newPage();
        for (const path of ['/', '/search', CONTENT]) {
          await at.goto(path, { waitUntil: 'load' });
          await at.waitForLoadState('networkidle');
          await at.waitForTimeout(500);
          const cls = await at.evaluate(() =>
            (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, value) => sum + value, 0),
          );
          figures.push(`${size} ${path}: CLS ${cls.toFixed(4)}`);
          expect(cls, `${size} ${path}`).toBeLessThanOrEqual(CLS_LIMIT);
          found.push(...(await axeViolations(at, `${size} ${path}`)));
          // The new state, for a person to look at (first screen, each theme).
          const name = path === '/' ? 'home' : path === '/search' ? 'search' : 'content';
          for (const theme of ['light', 'dark'] as const) {
            await at.emulateMedia({ colorScheme: theme });
            await at.screenshot({
              path: `/tmp/shots/first-screen-${name}-${size}-${theme}.png`,
              animations: 'disabled',
            });
          }
          await at.emulateMedia({ colorScheme: 'light' });
        }
      } finally {
        await context.close();
      }
    }
    expect(found).toEqual([]);
  });
});

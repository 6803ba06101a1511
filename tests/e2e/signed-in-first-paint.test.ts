/**
 * No flash of the wrong frame (docs/decisions/014): the catalog pages are made once for everyone, and a signed-in
 * user's browser paints who they are. From the very first frame it draws, a signed-in user must see their
 * own top bar — never "Sign In" — and the bookmarks of what they saved filled in (or busy while the saves
 * load, never empty).
 *
 * How the first paint is seen: a script injected before the page's own records the page's state in a
 * requestAnimationFrame callback, which runs just before each frame is drawn, from the first frame to the
 * page's load. The page's module scripts are held back for a moment (a slow network), so whatever a frame
 * shows was drawn by the HTML and its inline head script alone.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, holdModuleScripts, newContext } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { uniqueEmail } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';

const PASSWORD = 'first-paint-password-1';
const MODULE_DELAY_MS = 700;

interface Frame {
  t: number;
  topBar: boolean;
  /** Visible links or buttons reading exactly "Sign In". */
  signIn: number;
  /** Whether the parser has reached the user menu's name yet (a frame may be drawn before it has). */
  userNameParsed: boolean;
  userName: string | null;
  toggles: Array<{ id: string; pressed: string | null; busy: string | null }>;
}

/** Runs in the page before anything else: records every frame until the page has loaded. */
function recordFrames(): void {
  const frames: unknown[] = [];
  (window as unknown as { __frames: unknown[] }).__frames = frames;
  const visible = (el: Element | null) => Boolean(el?.checkVisibility());
  const record = (t: number) => {
    frames.push({
      t,
      topBar: visible(document.querySelector('nav[aria-label="Main"]')),
      signIn: [...document.querySelectorAll('a, button')].filter(
        (el) => el.textContent?.trim() === 'Sign In' && visible(el),
      ).length,
      userNameParsed: Boolean(document.querySelector('[data-user-name]')),
      userName: visible(document.querySelector('[data-user-name]'))
        ? document.querySelector('[data-user-name]')!.textContent
        : null,
      toggles: [...document.querySelectorAll<HTMLElement>('button[data-save-toggle]')].map((b) => ({
        id: b.dataset.contentId,
        pressed: b.getAttribute('aria-pressed'),
        busy: b.getAttribute('aria-busy'),
      })),
    });
    if (document.readyState !== 'complete') requestAnimationFrame(record);
  };
  requestAnimationFrame(record);
}

describe.skipIf(!hasBrowser)('a signed-in user never sees the visitor frame', () => {
  const browser = useBrowser();
  let user: { name: string; email: string };
  let saved: { _id: string; slug: string };

  const { server, api } = useServer();
  beforeAll(async () => {
    user = { name: 'Paint Tester', email: uniqueEmail('first-paint') };
    const account = await signUp(api, user.name, { email: user.email, password: PASSWORD });
    const { body } = await api.call('searchContents', {
      query: { category: 'web-development' },
    });
    saved = body.contents[1];
    expect(
      (
        await api.call('save', {
          params: { id: saved._id },
          token: account.token,
        })
      ).status,
    ).toBe(200);
  });

  /** A browser signed in through the form, as a person would: its cookies and stored session are real. */
  async function signedIn(run: (page: Page, context: BrowserContext) => Promise<void>): Promise<void> {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
    });
    try {
      await page.goto('/signin');
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await context.addInitScript(recordFrames);
      await holdModuleScripts(context, MODULE_DELAY_MS);
      await run(page, context);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }

  /** The frames drawn while `path` loaded, from the first one that shows the top bar. */
  async function framesOf(page: Page, path: string): Promise<Frame[]> {
    await page.goto(path, { waitUntil: 'load' });
    const frames = (await page.evaluate(() => (window as unknown as { __frames: Frame[] }).__frames)).filter(
      (f) => f.topBar,
    );
    const [firstContentfulPaint] = await page.evaluate(() =>
      performance.getEntriesByName('first-contentful-paint').map((e) => e.startTime),
    );
    // The first frame with content was seen: it was recorded before the browser reported painting it.
    expect(frames.length, path).toBeGreaterThan(0);
    expect(frames[0]!.t, path).toBeLessThanOrEqual(firstContentfulPaint!);
    return frames;
  }

  it('from the first frame: their name and menu, no "Sign In", the saved bookmark filled', async () => {
    await signedIn(async (page) => {
      for (const path of ['/search?category=web-development', `/content/${saved.slug}`, '/']) {
        const frames = await framesOf(page, path);
        for (const frame of frames) {
          expect(frame.signIn, `${path} at ${frame.t} ms`).toBe(0);
          // On a loaded machine Chromium may draw the top bar before it has parsed the menu: from the frame
          // the name is there, it is theirs.
          if (frame.userNameParsed) expect(frame.userName, `${path} at ${frame.t} ms`).toBe(user.name);
          for (const toggle of frame.toggles) {
            expect(toggle.pressed, `${path}: bookmark of ${toggle.id} at ${frame.t} ms`).toBe(
              String(toggle.id === saved._id),
            );
          }
        }
        // Chromium may paint a long page before it has parsed all of it: the name and the saved card are in a
        // frame once their part of the page is parsed, right from that frame on (checked above).
        expect(
          frames.some((frame) => frame.userName === user.name),
          path,
        ).toBe(true);
        if (path !== '/')
          expect(
            frames.some((frame) => frame.toggles.some((t) => t.id === saved._id)),
            path,
          ).toBe(true);
      }
    });
  });

  it('saves not loaded yet: the bookmarks are busy until they are, never shown unsaved', async () => {
    await signedIn(async (page) => {
      await page.evaluate(() => localStorage.setItem('userSaves', '{}'));
      const frames = await framesOf(page, '/search?category=web-development');
      for (const frame of frames) {
        expect(frame.signIn).toBe(0);
        // A frame painted before the saved card was parsed has nothing to show of it.
        const toggle = frame.toggles.find((t) => t.id === saved._id);
        if (toggle) expect(toggle.pressed === 'true' || toggle.busy === 'true', `at ${frame.t} ms`).toBe(true);
      }
      expect(frames.some((frame) => frame.toggles.some((t) => t.id === saved._id))).toBe(true);
      // Then the page loads them: filled, no longer busy.
      const toggle = page.locator(`button[data-save-toggle][data-content-id="${saved._id}"]`);
      await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
      expect(await toggle.getAttribute('aria-busy')).toBeNull();
    });
  });

  it('a visitor still gets the visitor frame, and a stored user whose session cookie is gone is not drawn', async () => {
    await signedIn(async (page, context) => {
      // Off the home page first: a response still on its way there (the session check) could set its cookies
      // again after they are cleared.
      await page.goto('about:blank');
      await context.clearCookies();
      const frames = await framesOf(page, '/search?category=web-development');
      for (const frame of frames) expect(frame.userName, `at ${frame.t} ms`).toBeNull();
      // On a loaded machine Chromium may draw the top bar before it has parsed the "Sign In" link: from the
      // frame it is there, it stays.
      const firstSignIn = frames.findIndex((frame) => frame.signIn === 1);
      expect(firstSignIn).toBeGreaterThanOrEqual(0);
      for (const frame of frames.slice(firstSignIn)) expect(frame.signIn, `at ${frame.t} ms`).toBe(1);
      await expect.poll(() => page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
    });
  });
});

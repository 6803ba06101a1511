/**
 * Debian's Chromium driven by playwright-core (no browser download). Outside CI a machine without it skips the
 * browser suites; under CI (CI=true) a missing browser fails the run.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's full Chromium, for Lighthouse (scripts/lighthouse.ts). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/**
 * What the browser tests drive: CHROMIUM_PATH when set; else Debian's chromium-headless-shell when installed,
 * the same engine without the browser around it (as Playwright itself runs headless tests), which took half the
 * CPU per test file; else Chromium.
 */
export const TEST_BROWSER_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);
export const hasBrowser = existsSync(TEST_BROWSER_PATH);

if (!hasBrowser && process.env.CI) {
  throw new Error(
    `Chromium not found at ${TEST_BROWSER_PATH}: install it (apt-get install -y chromium-headless-shell) or set CHROMIUM_PATH`,
  );
}

let shared: Browser | undefined;

/**
 * The Chromium of this test worker, shared by its files: a launch and its first page cost about 3 s of CPU,
 * and a worker keeps its modules from file to file (vitest.config.ts). Each file works in contexts of its
 * own (cookies, storage and cache are per context); its `close()` closes those and leaves the browser for the
 * next file. The browser itself ends with the worker (playwright kills what it launched on exit).
 */
export async function launchBrowser(): Promise<Browser> {
  if (shared?.isConnected()) return shared;
  const browser = await chromium.launch({
    executablePath: TEST_BROWSER_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      // One renderer process per site rather than per page: every page of a test is one site, and a new
      // process per page cost a second of CPU.
      '--disable-features=site-per-process',
      '--disable-site-isolation-trials',
      '--process-per-site',
    ],
  });
  browser.close = async () => {
    await Promise.all(browser.contexts().map((context) => context.close()));
  };
  const openContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => keepLog(await openContext(options));
  browser.on('disconnected', () => logged('the browser disconnected'));
  shared = browser;
  return browser;
}

/** How many of the browser's last events a failed test shows. */
const LOG_LINES_KEPT = 60;
const browserLog: { at: number; line: string }[] = [];

function logged(line: string): void {
  browserLog.push({ at: Date.now(), line: `${new Date().toISOString().slice(11, 23)} ${line}` });
  if (browserLog.length > LOG_LINES_KEPT) browserLog.shift();
}

/**
 * Notes what each page of `context` meets that a test's timeout would otherwise hide: errors in the console
 * and in scripts, requests that failed or were answered 4xx/5xx, a crashed page.
 */
function keepLog(context: BrowserContext): BrowserContext {
  context.on('page', (page) => {
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        logged(`console ${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => logged(`page error: ${error.message}`));
    page.on('crash', () => logged(`page crashed: ${page.url()}`));
    page.on('requestfailed', (request) =>
      logged(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? ''})`),
    );
    page.on('response', (response) => {
      if (response.status() >= 400) logged(`${response.status()} for ${response.request().method()} ${response.url()}`);
    });
  });
  return context;
}

/** What the browser met since `since` (a Date.now()), for a failed test's report. */
export function browserLogSince(since: number): string[] {
  return browserLog.filter((entry) => entry.at >= since).map((entry) => entry.line);
}

export async function newContext(
  browser: Browser,
  baseURL: string,
  options: { javaScriptEnabled?: boolean } = {},
): Promise<BrowserContext> {
  return browser.newContext({ baseURL, javaScriptEnabled: options.javaScriptEnabled ?? true });
}

/** The two sizes every screen is checked at: a laptop and a phone. */
export const SIZES = { laptop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } } as const;
export type Size = keyof typeof SIZES;
export const EACH_SIZE = Object.keys(SIZES) as Size[];

/**
 * `run` with a page of its own at `size` (the laptop's by default), signed in as `account` through /signin when
 * one is given; its browser context is closed after, however `run` ends.
 */
export async function withPage(
  browser: Browser,
  baseURL: string,
  options: { size?: Size; account?: { email: string; password: string } },
  run: (page: Page, context: BrowserContext) => Promise<void>,
): Promise<void> {
  const context = await browser.newContext({ baseURL, viewport: SIZES[options.size ?? 'laptop'], bypassCSP: true });
  try {
    const page = await context.newPage();
    if (options.account) await signInThroughForm(page, options.account);
    await run(page, context);
  } finally {
    await context.close();
  }
}

/**
 * Waits until every island rendered on the server has hydrated: typing into a form before React owns it
 * would be lost.
 */
export async function hydrated(page: Page): Promise<void> {
  // A page function rather than expect.poll, so that hooks (beforeAll) may wait too.
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
}

/** Signs `page` in through the /signin form, as a person does, and waits to leave it. */
export async function signInThroughForm(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/signin');
  await hydrated(page);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
}

/**
 * The site asks in its own dialog (site/ui/Modal.tsx, ConfirmDialog.tsx), never with the browser's confirm() or alert(): each
 * native dialog `page` opens is dismissed and kept, for the test to say `expect(opened()).toEqual([])`.
 */
export function nativeDialogs(page: Page): () => string[] {
  const opened: string[] = [];
  page.on('dialog', (dialog) => {
    opened.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return () => opened;
}

/** Answers the confirmation open on `page` with its `button` (Delete, Approve, … or Cancel); its question is returned. */
export async function answerConfirmation(page: Page, button: string): Promise<string> {
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  const question = (await dialog.getByRole('heading').textContent()) ?? '';
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  return question;
}

/** `run` in a fresh browser signed in as `account` through /signin, closed after; no native dialog may open. */
export async function withSignedInPage(
  browser: Browser,
  baseURL: string,
  account: { email: string; password: string },
  run: (page: Page) => Promise<void>,
): Promise<void> {
  const context = await newContext(browser, baseURL);
  try {
    const page = await context.newPage();
    const opened = nativeDialogs(page);
    await signInThroughForm(page, account);
    await run(page);
    if (opened().length > 0) throw new Error(`native dialogs opened: ${opened().join('; ')}`);
  } finally {
    await context.close();
  }
}

/**
 * Holds back every module script of the site for `ms`, so that what the first frames show was drawn by the
 * HTML, its CSS and its inline head script alone (the first-paint tests record those frames).
 */
export async function holdModuleScripts(context: BrowserContext, ms: number): Promise<void> {
  await context.route(/\/_astro\/.*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

const SHOWN_TOASTS = '__toastsShown';

/**
 * Keeps the text of every toast the pages of `context` show, for `toastsShown`: a toast lasts four seconds, and
 * one shown on arrival can come and go before a navigation's wait (its `load` event) is over.
 */
export async function recordToasts(context: BrowserContext): Promise<void> {
  await context.addInitScript((key) => {
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of mutation.addedNodes) {
          if (!(node instanceof HTMLElement) || !node.matches('[data-toast]')) continue;
          const shown = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
          const message = node.querySelector('[data-toast-message]') ?? node;
          sessionStorage.setItem(key, JSON.stringify([...shown, message.textContent?.replace(/✕$/, '').trim() ?? '']));
        }
      }
    }).observe(document, { childList: true, subtree: true });
  }, SHOWN_TOASTS);
}

/** The toasts this tab has shown since `recordToasts`, oldest first. */
export async function toastsShown(page: Page): Promise<string[]> {
  return page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[], SHOWN_TOASTS);
}

/**
 * The page as a person sees it once it has settled: its islands hydrated, nothing loading, and no transition
 * under way (a button caught fading in has the contrast of neither end). The pointer is moved away, unless
 * the state being checked is something pointed at (`keepPointer`).
 */
export async function settled(page: Page, { keepPointer = false } = {}): Promise<void> {
  // Every island hydrated, but those waiting to be scrolled into view (the dashboard's lower charts on a phone).
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]:not([client="visible"])').length === 0);
  // What still shows as loading (functions, not strings: a page's CSP refuses the eval a string needs).
  const selector = '[aria-busy="true"], .loading';
  const busy = (selector: string) =>
    [...document.querySelectorAll(selector)].find((el) => el.checkVisibility())?.outerHTML.slice(0, 200);
  await page
    .waitForFunction(
      (selector) => ![...document.querySelectorAll(selector)].some((el) => el.checkVisibility()),
      selector,
      { timeout: 10_000 },
    )
    .catch(async (error: unknown) => {
      const still = await page.evaluate(busy, selector).catch(() => undefined);
      throw new Error(`${page.url()} is still loading: ${still ?? (error instanceof Error ? error.message : error)}`);
    });
  // The pointer rests away from what it last clicked, as a reader's does: a hovered button is another colour.
  if (!keepPointer) await page.mouse.move(0, 0);
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document
      .getAnimations()
      .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
    // Bounded: a transition the page keeps restarting would otherwise hold the test until its timeout.
    await Promise.race([
      Promise.all(finite.map((a) => a.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 1_000)),
    ]);
  });
}

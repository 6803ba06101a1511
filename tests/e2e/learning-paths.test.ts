/**
 * Learning paths in a real browser (docs/product.md, Learning paths): made from My Lists, its steps given a
 * section heading in the editor; My Lists and the editor showing its percentage; its public page showing the
 * owner's marks on each step to the owner alone (another user and a visitor see the steps, no marks), copied by
 * another user to follow; an empty path; an error beside the form. At 1366 and 390 px, both themes, axe-core
 * finding no violation; screenshots in scratch/screens/.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  hasBrowser,
  hydrated,
  nativeDialogs,
  settled,
  signInThroughForm,
  EACH_SIZE,
  SIZES,
  type Size,
} from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';
import { ALL_RULES, COLOUR_RULES, violationsOf } from './axe-screens.ts';

const SCREENS = new URL('../../scratch/screens/', import.meta.url).pathname;
const PASSWORD = 'path-password-1';

/** The owner's mark painted on each step of a public path (undefined: none painted). */
const stepStates = (page: Page) =>
  page.locator('[data-path-step]').evaluateAll((steps) => steps.map((step) => (step as HTMLElement).dataset.stepState));

describe.skipIf(!hasBrowser)('learning paths, in the browser', () => {
  const browser = useBrowser();
  let contents: Array<{ _id: string; slug: string; name: string }>;
  const { server, api } = useServer({ env: { RATE_LIMIT_OFF: 'true' } });

  beforeAll(async () => {
    mkdirSync(SCREENS, { recursive: true });
    contents = (await api.call('searchContents', { query: { order: 'oldest' } })).body.contents.slice(0, 3);
  });

  async function check(page: Page, name: string, size: Size) {
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

  async function open(size: Size, email?: string) {
    const context = await browser.newContext({ baseURL: server.url, viewport: SIZES[size], bypassCSP: true });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const opened = nativeDialogs(page);
    if (email) await signInThroughForm(page, { email, password: PASSWORD });
    return {
      page,
      close: async () => {
        expect(problems).toEqual([]);
        expect(opened()).toEqual([]);
        await context.close();
      },
    };
  }

  it.each(EACH_SIZE)(
    'at %s: a path made, sectioned and followed by its owner; seen without marks by others; copied to follow',
    async (size) => {
      const ada = await signUp(api, `Ada Path ${size}`, { password: PASSWORD });
      const bob = await signUp(api, `Bob Path ${size}`, { password: PASSWORD });
      const violations: string[] = [];

      // My Lists: a new path through the form; empty, it says so.
      const owner = await open(size, ada.email);
      const { page } = owner;
      await page.goto('/my-lists');
      await hydrated(page);
      await page.getByLabel('Name').fill(`Python path ${size}`);
      await page.getByLabel('A learning path').check();
      await page.getByRole('button', { name: 'Create path' }).click();
      await page.waitForURL(/\/my-lists\/[^/]+$/);
      await hydrated(page);
      const pathId = new URL(page.url()).pathname.split('/').at(-1)!;
      expect(await page.getByRole('switch', { name: 'Learning path' }).isChecked()).toBe(true);
      await page.locator('[data-list-empty]').getByText('This path has no steps yet.').waitFor();
      violations.push(...(await check(page, 'path-editor-empty', size)));

      for (const content of contents)
        await api.call('addListItem', { params: { id: pathId }, body: { contentId: content._id }, token: ada.token });
      await api.call('markProgress', { params: { id: contents[0]!._id }, body: { state: 'done' }, token: ada.token });
      await api.call('markProgress', {
        params: { id: contents[1]!._id },
        body: { state: 'learning' },
        token: ada.token,
      });
      await api.call('changeList', { params: { id: pathId }, body: { isPublic: true }, token: ada.token });

      // The editor: a section heading before the second step, its percentage.
      await page.reload();
      await hydrated(page);
      // Each step reads as one line with small buttons: the fields open on demand.
      expect(await page.locator('[data-section-form], [data-note-form]').count()).toBe(0);
      await page.getByRole('button', { name: `Start a section before ${contents[1]!.name}` }).click();
      await page.getByLabel(`Section heading before ${contents[1]!.name}`).fill('Part two: practice');
      await page.locator('[data-section-form]').getByRole('button', { name: 'Save heading' }).click();
      await page.locator('[data-path-section-heading]').getByText('Part two: practice').waitFor();
      await expect.poll(() => page.locator('[data-progress-bar]').first().innerText()).toContain('1 of 3 done');
      expect(await page.locator('[data-progress-percent]').innerText()).toBe('33% · 1 in progress');
      violations.push(...(await check(page, 'path-editor', size)));

      // My Lists: the path's badge and percentage.
      await page.goto('/my-lists');
      await hydrated(page);
      const row = page.locator('[data-my-list]').filter({ hasText: `Python path ${size}` });
      await row.locator('[data-path-badge]').waitFor();
      await expect.poll(() => row.locator('[data-progress-percent]').innerText()).toBe('33% · 1 in progress');
      violations.push(...(await check(page, 'my-lists-with-path', size)));

      // The public page, for its owner: each step's mark, the bar and percentage.
      const slug = (await api.call('getList', { params: { id: pathId }, token: ada.token })).body.slug;
      await page.goto(`/lists/${slug}`);
      await expect.poll(() => stepStates(page)).toEqual(['done', 'learning', 'none']);
      // One status per step, the owner's progress control, and each step as wide as the path.
      expect(
        await page
          .locator('[data-path-step] select[data-progress-select]')
          .evaluateAll((s) => s.map((e) => (e as HTMLSelectElement).value)),
      ).toEqual(['done', 'learning', '']);
      for (const step of await page.locator('[data-path-step]').all()) {
        expect(await step.locator('[data-progress-select]').count()).toBe(1);
        // No second status beside the control: no badge saying "Not started" or "In progress" again.
        const besides = await step.evaluate((element) => {
          const copy = element.cloneNode(true) as HTMLElement;
          for (const control of copy.querySelectorAll('select')) control.remove();
          return copy.textContent ?? '';
        });
        expect(besides).not.toMatch(/Not started|In progress/);
      }
      const widths = await page
        .locator('[data-path-step] article')
        .evaluateAll((articles) =>
          articles.map(
            (a) => a.getBoundingClientRect().width / a.closest('[data-path-steps]')!.getBoundingClientRect().width,
          ),
        );
      for (const share of widths) expect(share).toBeGreaterThan(0.85);
      expect(await page.locator('[data-list-progress-label]').innerText()).toBe('1 of 3 done');
      expect(await page.locator('[data-list-progress-percent]').innerText()).toBe('33%');
      expect(await page.getByRole('heading', { name: 'Part two: practice' }).isVisible()).toBe(true);
      expect(await page.locator('[data-copy-list]').isVisible()).toBe(false);
      violations.push(...(await check(page, 'path-public-owner', size)));
      await owner.close();

      // Another user sees the steps, no marks and no bar, and copies the path to follow it.
      const other = await open(size, bob.email);
      await other.page.goto(`/lists/${slug}`);
      await hydrated(other.page);
      await other.page.locator('[data-path-step]').first().waitFor();
      expect(await stepStates(other.page)).toEqual([undefined, undefined, undefined]);
      expect(await other.page.locator('[data-list-progress]').isVisible()).toBe(false);
      violations.push(...(await check(other.page, 'path-public-other', size)));
      await other.page.getByRole('button', { name: 'Copy this path' }).click();
      await other.page.waitForURL(/\/my-lists\/[^/]+$/);
      await hydrated(other.page);
      expect(await other.page.getByRole('switch', { name: 'Learning path' }).isChecked()).toBe(true);
      await expect.poll(() => other.page.locator('[data-progress-bar]').first().innerText()).toContain('0 of 3 done');
      await other.close();

      // A visitor: the steps, no marks.
      const visitor = await open(size);
      await visitor.page.goto(`/lists/${slug}`);
      await visitor.page.locator('[data-path-step]').first().waitFor();
      expect(await stepStates(visitor.page)).toEqual([undefined, undefined, undefined]);
      await visitor.close();

      expect(violations).toEqual([]);
    },
  );

  it('a failed section heading says why beside the form, and an empty public path says it has no steps', async () => {
    const ada = await signUp(api, 'Ada Errors', { password: PASSWORD });
    const made = await api.call('createList', {
      body: { name: 'Empty path', kind: 'path', isPublic: true },
      token: ada.token,
    });
    const { page, close } = await open('phone', ada.email);
    await page.goto(`/lists/${made.body.slug}`);
    await page.locator('[data-list-empty]').getByText('This path has no steps yet.').waitFor();
    expect(await check(page, 'path-public-empty', 'phone')).toEqual([]);

    await api.call('addListItem', {
      params: { id: made.body._id },
      body: { contentId: contents[0]!._id },
      token: ada.token,
    });
    await page.goto(`/my-lists/${made.body._id}`);
    await hydrated(page);
    // The step goes elsewhere (another tab): the heading's save fails, and the editor says why.
    await api.call('removeListItem', {
      params: { id: made.body._id, contentId: contents[0]!._id },
      token: ada.token,
    });
    await page.getByRole('button', { name: `Start a section before ${contents[0]!.name}` }).click();
    await page.getByLabel(`Section heading before ${contents[0]!.name}`).fill('Start');
    await page.getByRole('button', { name: 'Save heading' }).click();
    await page.getByRole('alert').getByText('That resource is not in this list').waitFor();
    expect(await check(page, 'path-editor-error', 'phone')).toEqual([]);
    await close();
  });

  it('the owner’s marks on the public page: loading, then shown; when they cannot be loaded, said so', async () => {
    const ada = await signUp(api, 'Ada Loading', { password: PASSWORD });
    const made = await api.call('createList', {
      body: { name: 'Loading path', kind: 'path', isPublic: true },
      token: ada.token,
    });
    for (const content of contents.slice(0, 2))
      await api.call('addListItem', {
        params: { id: made.body._id },
        body: { contentId: content._id },
        token: ada.token,
      });
    await api.call('markProgress', { params: { id: contents[0]!._id }, body: { state: 'done' }, token: ada.token });
    const { page, close } = await open('laptop', ada.email);
    // The marks as a new browser has them: none kept yet, to be asked of the server. Cleared as each page starts:
    // the page before may still be storing the marks it fetched when the next one loads.
    await page.addInitScript(() => localStorage.removeItem('userProgress'));
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/users/progress', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/lists/${made.body.slug}`);
    await page.locator('[data-list-progress-label]').getByText('Loading your progress…').waitFor();
    expect(await stepStates(page)).toEqual([undefined, undefined]);
    expect(await page.locator('[data-path-step] select[data-progress-select]:disabled').count()).toBe(2);
    release();
    await expect.poll(() => stepStates(page)).toEqual(['done', 'none']);
    expect(await page.locator('[data-list-progress-label]').innerText()).toBe('1 of 2 done');

    // The server cannot be reached: the page says so, and shows no mark it does not know.
    await page.unroute('**/api/users/progress');
    await page.route('**/api/users/progress', (route) => route.abort('internetdisconnected'));
    await page.reload();
    await page.locator('[data-list-progress-label]').getByText('Your progress could not be loaded').waitFor();
    expect(await stepStates(page)).toEqual([undefined, undefined]);
    expect(await check(page, 'path-public-progress-error', 'laptop')).toEqual([]);
    await close();
  });
});

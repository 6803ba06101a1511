/**
 * Accessibility as axe-core finds it (WCAG 2.2 A and AA, and axe's best practices): the public screens, a
 * signed-in user's and the admin's, at a laptop's width and a phone's, in the light and the dark theme, with
 * the states a first look does not show (a form sent empty, the filter drawer and the menu open, a
 * confirmation asked). Every state must have no violation; the test prints how many states it checked. In the
 * dark theme only the rules about colour run again: the rest read the same document.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, hydrated, settled, signInThroughForm } from '../setup/browser.ts';
import { DEMO_ADMIN } from '../setup/http.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { useServer } from '../setup/use-server.ts';

const CHROMIUM_BOOKMARKS = fileURLToPath(new URL('../fixtures/chromium-bookmarks.html', import.meta.url));
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const DEMO_USER = { email: 'grace@skillshelf.dev', password: 'skillshelf-demo' };
const SIZES = { laptop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } } as const;
const THEMES = ['light', 'dark'] as const;

interface Screen {
  name: string;
  path: string;
  /** What to do on the page before it is checked (open a drawer, send a form empty). */
  prepare?: (page: Page, size: keyof typeof SIZES) => Promise<void>;
}

const sendEmpty = (button: string) => async (page: Page) => {
  await hydrated(page);
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.locator('[aria-invalid="true"]').first().waitFor();
};

/** The signed-in user's own list (made with one item the first time, public), opened for its owner or at its public page. */
const openOwnList = (where: 'own' | 'public') => async (page: Page) => {
  const list = await page.evaluate(async () => {
    const { token } = JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { token: string };
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const mine = (await (await fetch('/api/lists', { headers })).json()) as {
      lists: Array<{ _id: string; slug: string; name: string }>;
    };
    const found = mine.lists.find((l) => l.name === 'Axe list');
    if (found) return found;
    const made = (await (
      await fetch('/api/lists', { method: 'POST', headers, body: JSON.stringify({ name: 'Axe list', isPublic: true }) })
    ).json()) as {
      _id: string;
      slug: string;
    };
    const { contents } = (await (await fetch('/api/contents/search')).json()) as { contents: Array<{ _id: string }> };
    await fetch(`/api/lists/${made._id}/items`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ contentId: contents[0]!._id, note: 'Start here' }),
    });
    return made;
  });
  await page.goto(where === 'own' ? `/my-lists/${list._id}` : `/lists/${list.slug}`);
  await page.waitForLoadState('networkidle');
  await hydrated(page);
};

/** The import screen after a browser's file was imported: what it did, and the links offered for submission, a folder's chosen. */
const importFixture = async (page: Page) => {
  await hydrated(page);
  await page.locator('[data-bookmark-file]').setInputFiles(CHROMIUM_BOOKMARKS);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await page.locator('[data-offer-form]').waitFor();
  await page
    .getByRole('button', { name: /^Select the (\d+ )?links? in/ })
    .first()
    .click();
};

const PUBLIC: Screen[] = [
  { name: 'home', path: '/' },
  { name: 'search', path: '/search?techStack=python&techStack=javascript&cost=Free' },
  {
    name: 'search, filters open',
    path: '/search?category=web-development',
    prepare: async (page, size) => {
      if (size !== 'phone') return;
      await hydrated(page);
      await page.locator('[data-filters-button]').click();
      await page.getByRole('button', { name: 'Close filters' }).waitFor();
    },
  },
  { name: 'content', path: '/content/freecodecamp' },
  {
    name: 'search box, suggestions shown',
    path: '/',
    prepare: async (page, size) => {
      const box = page.locator(size === 'phone' ? '#home-search' : '#top-search');
      await box.focus();
      await box.pressSequentially('web');
      await page.getByRole('option').first().waitFor();
    },
  },
  { name: 'sign in, sent empty', path: '/signin', prepare: sendEmpty('Sign In') },
  { name: 'sign up, sent empty', path: '/signup', prepare: sendEmpty('Sign Up') },
  { name: 'forgotten password', path: '/forget-password' },
  { name: 'not found', path: '/no-such-page' },
];
const SIGNED_IN: Screen[] = [
  { name: 'saved', path: '/saved' },
  {
    name: 'saved, Add to list… open',
    path: '/saved',
    prepare: async (page) => {
      // One save at least, for its menu.
      await page.evaluate(async () => {
        const { token } = JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { token: string };
        const { contents } = (await (await fetch('/api/contents/search')).json()) as {
          contents: Array<{ _id: string }>;
        };
        await fetch(`/api/users/saves/${contents[0]!._id}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}` },
        });
      });
      await page.reload();
      await hydrated(page);
      await page.getByRole('button', { name: 'Add to list…' }).first().click();
      await page.getByRole('menu').waitFor();
    },
  },
  { name: 'my lists', path: '/my-lists' },
  { name: 'a list of one’s own', path: '/my-lists', prepare: openOwnList('own') },
  { name: 'a public list, for its owner', path: '/my-lists', prepare: openOwnList('public') },
  { name: 'import bookmarks', path: '/my-lists/import' },
  { name: 'import bookmarks, the links to suggest', path: '/my-lists/import', prepare: importFixture },
  {
    name: 'following',
    path: '/following',
    prepare: async (page) => page.locator('[data-following-empty], [data-followed-tag]').first().waitFor(),
  },
  { name: 'profile', path: '/profile' },
  { name: 'my submissions', path: '/submissions' },
  { name: 'submit, sent empty', path: '/submit-content', prepare: sendEmpty('Submit') },
  {
    // Linus reviewed it too: Grace may vote for his review and report it.
    name: 'content, reporting a review',
    path: '/content/khan-academy-computing',
    prepare: async (page) => {
      await page.locator('[data-report-review]').first().click();
      await page.locator('[data-report-review-dialog]').waitFor();
    },
  },
];
const ADMIN: Screen[] = [
  { name: 'dashboard', path: '/admin/dashboard' },
  { name: 'contents', path: '/admin/contents' },
  { name: 'submissions', path: '/admin/submissions?status=all' },
  { name: 'users', path: '/admin/users' },
  { name: 'tags', path: '/admin/tags' },
  { name: 'reviews', path: '/admin/reviews' },
  { name: 'reviews, reported', path: '/admin/reviews?reported=yes&sort=reports' },
  { name: 'audit log', path: '/admin/audit' },
];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** Every rule of WCAG 2.2 A and AA and of axe's best practices. */
export const ALL_RULES = {
  type: 'tag',
  values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
};
/**
 * The rules a colour scheme can change: in the second theme only these run again, as every other rule reads
 * the document, which is the same in both.
 */
export const COLOUR_RULES = { type: 'rule', values: ['color-contrast', 'link-in-text-block'] };

export async function violationsOf(page: Page, runOnly: typeof ALL_RULES): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async (runOnly) => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> };
      }
    ).axe;
    const { violations } = await axe.run(document, { runOnly });
    return violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact: impact ?? null,
      help,
      nodes: nodes.slice(0, 3).map((n) => ({ target: n.target as string[] })),
    }));
  }, runOnly);
}

/**
 * The violations axe finds in the state `page` shows, in the light theme (every rule) and the dark (the colour
 * rules), as lines naming `what`: for a test of its own screen's states (bypassCSP in its context).
 */
export async function axeViolations(page: Page, what: string): Promise<string[]> {
  const found: string[] = [];
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await settled(page);
    for (const v of await violationsOf(page, theme === THEMES[0] ? ALL_RULES : COLOUR_RULES))
      found.push(
        `${what} (${theme}): ${v.id} [${v.impact}] ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
      );
  }
  await page.emulateMedia({ colorScheme: THEMES[0] });
  return found;
}

const ROLES = {
  visitor: { screens: PUBLIC, account: undefined },
  user: { screens: SIGNED_IN, account: DEMO_USER },
  admin: { screens: ADMIN, account: DEMO_ADMIN },
} as const;

/**
 * The test of one role's screens, each role in a file of its own (axe-visitor, axe-user, axe-admin.test.ts) with
 * a server of its own: as one file of three minutes it was the suite's longest, started last by no fault of its
 * own and ending long after the rest.
 */
export function axeFindsNoViolation(role: keyof typeof ROLES): void {
  const { screens, account } = ROLES[role];
  describe.skipIf(!hasBrowser)(`axe-core finds no violation on the ${role}'s screens`, () => {
    const browser = useBrowser();
    const { server } = useServer();

    it('at both sizes, in both themes', async () => {
      const found: string[] = [];
      let states = 0;
      for (const [size, viewport] of Object.entries(SIZES) as Array<
        [keyof typeof SIZES, (typeof SIZES)[keyof typeof SIZES]]
      >) {
        // bypassCSP: axe is injected as a script of the test's own, which the site's policy rightly refuses.
        const context = await browser.newContext({ baseURL: server.url, viewport, bypassCSP: true });
        const page = await context.newPage();
        if (account) await signInThroughForm(page, account);
        for (const screen of screens) {
          await page.emulateMedia({ colorScheme: THEMES[0] });
          await page.goto(screen.path);
          await settled(page);
          await screen.prepare?.(page, size);
          const backgrounds = new Set<string>();
          for (const theme of THEMES) {
            // The same state in the other theme, as a reader sees it when their system switches: the page
            // follows prefers-color-scheme live, and its colour transitions end before the check.
            await page.emulateMedia({ colorScheme: theme });
            await settled(page);
            backgrounds.add(await page.evaluate(() => getComputedStyle(document.body).backgroundColor));
            states++;
            for (const v of await violationsOf(page, theme === THEMES[0] ? ALL_RULES : COLOUR_RULES))
              found.push(
                `${screen.name} (${size}, ${theme}): ${v.id} [${v.impact}] ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
              );
          }
          if (backgrounds.size !== THEMES.length)
            found.push(`${screen.name} (${size}): the page did not change theme (${[...backgrounds].join(', ')})`);
        }
        await context.close();
      }
      console.log(`axe: ${states} ${role} states checked, ${found.length} violations`);
      expect(found).toEqual([]);
    }, 180_000);
  });
}

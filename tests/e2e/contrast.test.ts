/**
 * Contrast, docs/product.md#audience-and-page-frame: "Text keeps a contrast of 4.5:1 or better in both" themes. Every public screen,
 * a signed-in user's screens and the admin's, each in the light and the dark theme (the system's colour scheme,
 * as dark-mode.test.ts sets it), with the states that bring out the colours a first look does not show: the
 * field errors of a form sent empty, the active tab of My Submissions, a user's own review with its Delete,
 * a rejected submission, the admin's Reject, a Delete pointed at and the question it asks. Icons and the
 * outlines of buttons, non-text, need 3:1.
 *
 * How a colour is measured: every element with text of its own that is shown (not clipped to the 1 px of a
 * screen-reader text, not disabled) takes its computed colour, faded by the opacity of its ancestors, over its
 * backgrounds from the first opaque one up; the page composes them on a one-pixel canvas, so that oklch
 * colours and colour-mix transparencies are the browser's own (no text here sits over a picture).
 */
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, hydrated, settled, signInThroughForm } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { DEMO_ADMIN, uniqueEmail } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, signUp } from '../setup/actors.ts';

const THEMES = ['light', 'dark'] as const;
const PASSWORD = 'contrast-password-1';

interface Failure {
  what: string;
  text: string;
  ratio: number;
  fg: string;
  bg: string;
}
interface Measured {
  checked: number;
  failures: Failure[];
}

/** Runs in the page: every shown text's contrast (and every icon's, against 3:1). */
function measure(): Measured {
  const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
  const pixel = (layers: Array<{ color: string; alpha: number }>) => {
    canvas.globalAlpha = 1;
    canvas.clearRect(0, 0, 1, 1);
    for (const layer of layers) {
      canvas.globalAlpha = layer.alpha;
      canvas.fillStyle = layer.color;
      canvas.fillRect(0, 0, 1, 1);
    }
    return [...canvas.getImageData(0, 0, 1, 1).data];
  };
  const luminance = (rgba: number[]) => {
    const [r, g, b] = rgba.slice(0, 3).map((v) => {
      const c = v / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const transparent = (color: string) => pixel([{ color, alpha: 1 }])[3] === 0;
  const describe = (el: Element) => {
    const id = el.id ? `#${el.id}` : '';
    const data = [...el.attributes].find((a) => a.name.startsWith('data-'))?.name;
    return `${el.tagName.toLowerCase()}${id}${data ? `[${data}]` : ''}.${(el.getAttribute('class') ?? '').split(/\s+/).slice(0, 4).join('.')}`;
  };

  /** The layers under `el`'s content, bottom first, and the opacity of it and its ancestors up to them. */
  const backdrop = (el: Element): { layers: Array<{ color: string; alpha: number }>; fade: number } => {
    const above: Array<{ color: string; alpha: number }> = [];
    let fade = 1;
    for (let node: Element | null = el; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      const color = style.backgroundColor;
      if (!transparent(color)) {
        above.unshift({ color, alpha: 1 });
        if (pixel([{ color, alpha: 1 }])[3] === 255) return { layers: above, fade };
      }
      fade *= Number(style.opacity);
    }
    // The canvas behind everything.
    return {
      layers: [{ color: getComputedStyle(document.documentElement).backgroundColor || 'white', alpha: 1 }, ...above],
      fade,
    };
  };

  const failures: Failure[] = [];
  let checked = 0;
  const check = (el: Element, colour: string, minimum: number, text: string) => {
    const under = backdrop(el);
    // Opacity fades the element over what is under it: its own and its ancestors' up to the background.
    const fg = pixel([...under.layers, { color: colour, alpha: under.fade }]);
    const bg = pixel(under.layers);
    const [l1, l2] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
    const ratio = (l1! + 0.05) / (l2! + 0.05);
    checked++;
    if (ratio < minimum)
      failures.push({
        what: describe(el),
        text,
        ratio: Math.round(ratio * 100) / 100,
        fg: `rgb(${fg.slice(0, 3).join(',')})`,
        bg: `rgb(${bg.slice(0, 3).join(',')})`,
      });
  };
  const shown = (el: Element) => {
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true }))
      return false;
    const rect = el.getBoundingClientRect();
    // A screen reader's text is clipped to a pixel.
    return rect.width > 1 && rect.height > 1;
  };
  const inactive = (el: Element) => Boolean(el.closest(':disabled, [aria-disabled="true"], [inert]'));

  for (const el of document.body.querySelectorAll('*')) {
    if (el.closest('svg, script, style, noscript, template')) continue;
    const text = [...el.childNodes]
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent ?? '')
      .join('')
      .trim();
    if (!text || !shown(el) || inactive(el)) continue;
    check(el, getComputedStyle(el).color, 4.5, text.slice(0, 40));
  }
  // Icons drawn in the text colour: non-text, 3:1 (WCAG 1.4.11).
  for (const icon of document.body.querySelectorAll('svg')) {
    const paints = [icon, ...icon.querySelectorAll('*')].some(
      (n) => n.getAttribute('stroke') === 'currentColor' || n.getAttribute('fill') === 'currentColor',
    );
    if (!paints || !shown(icon) || inactive(icon) || icon.closest('[aria-hidden="true"] [hidden]')) continue;
    check(icon, getComputedStyle(icon).color, 3, `icon in ${describe(icon.parentElement!)}`);
  }
  // Outlined buttons: their border carries the shape (3:1), against what is around it (filled when pointed at,
  // the border is the fill's colour, and the fill carries the shape).
  for (const button of document.body.querySelectorAll('.btn-outline')) {
    if (!shown(button) || inactive(button)) continue;
    check(
      button.parentElement!,
      getComputedStyle(button).borderTopColor,
      3,
      `outline of "${button.textContent?.trim().slice(0, 30)}"`,
    );
  }
  return { checked, failures };
}

interface Screen {
  name: string;
  who: 'visitor' | 'user' | 'admin';
  path: () => string;
  /** Brings out a state after the page has hydrated (a form sent empty). */
  state?: (page: Page) => Promise<void>;
}

describe.skipIf(!hasBrowser)('contrast in both themes', () => {
  const browser = useBrowser();
  let contentSlug: string;
  let contentId: string;
  let submissionId: string;
  let list: { _id: string; slug: string };
  const user = { name: 'Cora Contrast', email: uniqueEmail('contrast'), password: PASSWORD };
  const contexts = new Map<string, BrowserContext>();
  const coverage: string[] = [];

  const sendEmpty = (button: string) => async (page: Page) => {
    await hydrated(page);
    await page.getByRole('button', { name: button, exact: true }).click();
    await page.locator('[data-field-error]').first().waitFor();
  };

  const SCREENS: Screen[] = [
    { name: 'home', who: 'visitor', path: () => '/' },
    { name: 'search', who: 'visitor', path: () => '/search?category=web-development' },
    { name: 'content', who: 'visitor', path: () => `/content/${contentSlug}` },
    { name: 'sign in, sent empty', who: 'visitor', path: () => '/signin', state: sendEmpty('Sign In') },
    { name: 'sign up, sent empty', who: 'visitor', path: () => '/signup', state: sendEmpty('Sign Up') },
    { name: 'forgotten password', who: 'visitor', path: () => '/forget-password' },
    { name: 'reset password', who: 'visitor', path: () => '/reset-password/not-a-real-token' },
    { name: 'test page', who: 'visitor', path: () => '/test' },
    { name: 'not found', who: 'visitor', path: () => '/content/no-such-content-here' },
    { name: 'content, own review', who: 'user', path: () => `/content/${contentSlug}` },
    {
      name: 'content, a review voted helpful',
      who: 'user',
      path: () => `/content/${contentSlug}`,
      state: async (page) => {
        const helpful = page.locator('[data-helpful-button]').first();
        await helpful.click();
        await page.locator('[data-helpful-button][aria-pressed="true"]').first().waitFor();
      },
    },
    {
      name: 'search box, suggestions shown',
      who: 'visitor',
      path: () => '/search',
      state: async (page) => {
        await page.locator('#top-search').focus();
        await page.locator('#top-search').pressSequentially('web');
        await page.getByRole('option').first().waitFor();
      },
    },
    { name: 'saved', who: 'user', path: () => '/saved' },
    {
      name: 'saved, Export / import open',
      who: 'user',
      path: () => '/saved',
      state: async (page) => {
        await hydrated(page);
        await page.getByText('Export / import').click();
        await page.getByRole('link', { name: 'Import bookmarks…' }).waitFor();
        // The pointer leaves the button (pointed at, it is filled); the menu's fade-in is waited out after.
        await page.mouse.move(0, 0);
      },
    },
    { name: 'my submissions', who: 'user', path: () => '/submissions' },
    { name: 'my submissions, rejected', who: 'user', path: () => '/submissions?status=rejected' },
    { name: 'my reviews', who: 'user', path: () => '/my-reviews' },
    { name: 'my lists', who: 'user', path: () => '/my-lists' },
    { name: 'a list of one’s own', who: 'user', path: () => `/my-lists/${list._id}`, state: hydrated },
    { name: 'a public list', who: 'visitor', path: () => `/lists/${list.slug}` },
    { name: 'import bookmarks', who: 'user', path: () => '/my-lists/import', state: hydrated },
    {
      name: 'import bookmarks, the links to suggest',
      who: 'user',
      path: () => '/my-lists/import',
      state: async (page) => {
        await hydrated(page);
        await page
          .locator('[data-bookmark-file]')
          .setInputFiles(fileURLToPath(new URL('../fixtures/chromium-bookmarks.html', import.meta.url)));
        await page.getByRole('button', { name: 'Import', exact: true }).click();
        await page.locator('[data-offer-form]').waitFor();
      },
    },
    {
      name: 'following',
      who: 'user',
      path: () => '/following',
      state: async (page) => void (await page.locator('[data-following-empty], [data-followed-tag]').first().waitFor()),
    },
    { name: 'profile', who: 'user', path: () => '/profile' },
    {
      name: 'profile, deleting the account',
      who: 'user',
      path: () => '/profile',
      state: async (page) => {
        await page.getByRole('button', { name: 'Delete your account…' }).click();
        await page.getByRole('button', { name: 'Delete my account' }).waitFor();
      },
    },
    { name: 'submit, sent empty', who: 'user', path: () => '/submit-content', state: sendEmpty('Submit') },
    {
      name: 'admin dashboard',
      who: 'admin',
      path: () => '/admin/dashboard',
      // The charts are drawn once scrolled into view.
      state: async (page) => {
        await page.locator('[data-chart]').last().scrollIntoViewIfNeeded();
        await page.locator('[data-chart] svg text').first().waitFor();
      },
    },
    { name: 'admin users', who: 'admin', path: () => '/admin/users' },
    { name: 'admin contents', who: 'admin', path: () => '/admin/contents' },
    {
      name: 'admin contents, a Delete pointed at',
      who: 'admin',
      path: () => '/admin/contents',
      state: async (page) => {
        await hydrated(page);
        await page
          .locator('tbody tr')
          .first()
          .getByRole('button', { name: /^Delete/ })
          .hover();
      },
    },
    {
      name: 'admin contents, a deletion asked',
      who: 'admin',
      path: () => '/admin/contents',
      state: async (page) => {
        await hydrated(page);
        await page
          .locator('tbody tr')
          .first()
          .getByRole('button', { name: /^Delete/ })
          .click();
        await page.getByRole('alertdialog').waitFor();
      },
    },
    { name: 'admin submissions', who: 'admin', path: () => '/admin/submissions' },
    { name: 'admin submission', who: 'admin', path: () => `/admin/submission/${submissionId}` },
    { name: 'admin tags', who: 'admin', path: () => '/admin/tags' },
    { name: 'admin reviews', who: 'admin', path: () => '/admin/reviews' },
    {
      name: 'admin reviews, reported',
      who: 'admin',
      path: () => '/admin/reviews?reported=yes',
      state: async (page) => {
        await page.locator('[data-review-reports]').first().waitFor();
      },
    },
    {
      name: 'admin audit log',
      who: 'admin',
      path: () => '/admin/audit',
      // The rejection below is an entry: a row with a target that exists and one whose details say why.
      state: async (page) => void (await page.locator('tbody tr').first().waitFor()),
    },
    { name: 'admin content edit', who: 'admin', path: () => `/admin/content/${contentId}` },
  ];

  const { server, api } = useServer();
  beforeAll(async () => {
    const { body } = await api.call('searchContents', {
      query: { order: 'topRated' },
    });
    ({ slug: contentSlug, _id: contentId } = body.contents[0]);
    const { token } = await signUp(api, user.name, { email: user.email, password: user.password });
    const adminToken = (await asAdmin(api)).token;
    await api.call('toggleSave', {
      body: { contentId },
      token,
    });
    await api.call('createReview', {
      params: { id: contentId },
      body: { rating: 4, comment: 'Clear and well paced.' },
      token,
    });
    list = (
      await api.call('createList', {
        body: { name: 'Contrast list', description: 'Read in order.', isPublic: true },
        token,
      })
    ).body;
    await api.call('addListItem', {
      params: { id: list._id },
      body: { contentId, note: 'Start here.' },
      token,
    });
    await api.call('markProgress', {
      params: { id: contentId },
      body: { state: 'learning' },
      token,
    });
    // Another's review of it, which Cora may vote for, and reports (the admin's reported reviews).
    const other = await signUp(api, 'Otto Other', { password: PASSWORD });
    const othersReview = await api.call('createReview', {
      params: { id: contentId },
      body: { rating: 3, comment: 'Fine.' },
      token: other.token,
    });
    await api.call('reportReview', {
      params: { id: othersReview.body.review._id },
      body: { reason: 'spam' },
      token,
    });
    const waiting = await api.call('submitLink', {
      body: { url: `https://contrast-waiting-${Date.now()}.example.org/`, name: 'Waiting course' },
      token,
    });
    submissionId = waiting.body._id;
    const rejected = await api.call('submitLink', {
      body: { url: `https://contrast-rejected-${Date.now()}.example.org/`, name: 'Rejected course' },
      token,
    });
    expect(
      (
        await api.call('rejectSubmission', {
          params: { id: rejected.body._id },
          body: { reason: 'low-quality', note: 'Too thin.' },
          token: adminToken,
        })
      ).status,
    ).toBe(200);

    // One context per role; each page is measured in the light theme, then in the dark one (the emulated
    // colour scheme switches it in place, as the system's would), so each screen is loaded once.
    for (const who of ['visitor', 'user', 'admin'] as const) {
      const context = await browser.newContext({ baseURL: server.url, colorScheme: 'light' });
      if (who !== 'visitor') await signInThroughForm(await context.newPage(), who === 'admin' ? DEMO_ADMIN : user);
      contexts.set(who, context);
    }
  });

  afterAll(async () => {
    if (coverage.length) console.log(`contrast: ${coverage.length} screen × theme pairs\n${coverage.join('\n')}`);
  });

  /** Switches the page to `theme` the way the system's setting would, with no transition in between. */
  async function showIn(page: Page, theme: (typeof THEMES)[number]) {
    await page.emulateMedia({ colorScheme: theme });
    await page.waitForFunction((dark) => matchMedia('(prefers-color-scheme: dark)').matches === dark, theme === 'dark');
  }

  for (const screen of SCREENS) {
    it(`${screen.name} (${screen.who}), light and dark: text 4.5:1, icons and outlines 3:1`, async () => {
      const page = await contexts.get(screen.who)!.newPage();
      try {
        await page.goto(screen.path());
        await settled(page);
        await screen.state?.(page);
        // What the state opened has settled (a toast, a menu fading in); colours change at once when the theme does.
        await settled(page, { keepPointer: true });
        await page.evaluate(() => {
          // A constructed sheet (the CSP refuses a <style> the page did not bring).
          const still = new CSSStyleSheet();
          still.replaceSync('*, *::before, *::after { transition: none !important; }');
          document.adoptedStyleSheets = [...document.adoptedStyleSheets, still];
        });
        for (const theme of THEMES) {
          await showIn(page, theme);
          expect(
            await page.evaluate(
              () =>
                document.documentElement.matches(':root:not([data-theme])') &&
                matchMedia('(prefers-color-scheme: dark)').matches,
            ),
          ).toBe(theme === 'dark');
          const result = await page.evaluate(measure);
          coverage.push(`${screen.path()} ${screen.who} ${theme}: ${result.checked} checked`);
          expect(result.checked).toBeGreaterThan(5);
          expect(result.failures, `${screen.path()} in ${theme}`).toEqual([]);
        }
      } finally {
        await page.close();
      }
    });
  }

  it('a field error is shown, in the theme’s error colour, in both themes', async () => {
    for (const theme of THEMES) {
      const page = await contexts.get('user')!.newPage();
      await showIn(page, theme);
      await page.goto('/submit-content');
      await hydrated(page);
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      const error = page.locator('[data-field-error="url"]');
      await error.waitFor();
      const colours = await error.evaluate((el) => {
        const probe = document.createElement('span');
        probe.className = 'text-error';
        el.after(probe);
        const both = [getComputedStyle(el).color, getComputedStyle(probe).color];
        probe.remove();
        return both;
      });
      expect(colours[0], theme).toBe(colours[1]);
      await page.close();
    }
  });
});

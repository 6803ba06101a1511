/**
 * Discovery in Chromium at a phone's width (decisions 037, 039): a content page's "Learners who saved this
 * also saved" appears only once CO_SAVE_MIN_USERS users saved the pair (counted by the server's job, here with
 * no wait for an account's age or a change's delay), its cards' bookmarks painted for the signed-in user; the
 * home page's live sections render, and "Top rated in" follows the subject last browsed. Lean: one server,
 * one browser context.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CO_SAVE_MIN_USERS } from '../../db/discovery/co-saves.ts';
import { hasBrowser, signInThroughForm } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { signUp } from '../setup/actors.ts';
import { useServer } from '../setup/use-server.ts';

const PASSWORD = 'discovery-password-1';

describe.skipIf(!hasBrowser)('discovery: related resources and the live home page, at 390 px', () => {
  const browser = useBrowser();
  let contents: Array<{ _id: string; slug: string; name: string }>;

  const { server, api } = useServer({
    env: { RATE_LIMIT_OFF: 'true', CO_SAVE_ACCOUNT_DAYS: '0', CO_SAVE_DELAY_MINUTES: '0' },
  });
  beforeAll(async () => {
    contents = (
      await api.call('searchContents', {
        query: { order: 'oldest' },
      })
    ).body.contents.slice(0, 2);
  });

  const saveBoth = async (token: string) => {
    for (const content of contents)
      expect(
        (
          await api.call('save', {
            params: { id: content._id },
            token,
          })
        ).status,
      ).toBe(200);
  };

  it(`shows co-saves only past ${CO_SAVE_MIN_USERS} users with the viewer’s bookmarks painted; the home page paints the subject last browsed`, async () => {
    const [page, partner] = contents as [(typeof contents)[0], (typeof contents)[0]];
    const learners = [];
    for (let i = 0; i < CO_SAVE_MIN_USERS; i++)
      learners.push(await signUp(api, `Learner ${i}`, { password: PASSWORD }));
    for (const learner of learners.slice(0, -1)) await saveBoth(learner.token);

    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } });
    const tab = await context.newPage();
    const problems: string[] = [];
    tab.on('pageerror', (error) => problems.push(error.message));
    await tab.goto(`/content/${page.slug}`);
    expect(await tab.locator('[data-related="co-saved"]').count()).toBe(0);
    await expect
      .poll(() => tab.locator('[data-related="more-in-subject"] [data-content-card]').count())
      .toBeGreaterThan(0);

    const last = learners.at(-1)!;
    await saveBoth(last.token);
    await signInThroughForm(tab, { email: last.email, password: PASSWORD });
    const coSaved = tab.locator('[data-related="co-saved"]');
    // The job's next round, then the page's refresh: each look loads the page again.
    await expect
      .poll(
        async () => {
          await tab.goto(`/content/${page.slug}`);
          return coSaved.getByRole('heading', { name: 'Learners who saved this also saved' }).isVisible();
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    const card = coSaved
      .locator('[data-content-card]')
      .filter({ has: tab.locator(`a[href="/content/${partner.slug}"]`) });
    await expect.poll(() => card.locator('[data-save-toggle]').getAttribute('aria-pressed')).toBe('true');
    // One column at a phone's width: the section is no wider than the screen.
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await tab.goto('/');
    await expect.poll(() => tab.getByRole('heading', { name: 'Most saved this month' }).isVisible()).toBe(true);
    const offered = await tab
      .locator('[data-top-rated-subject]')
      .evaluateAll((sections) => sections.map((s) => (s as HTMLElement).dataset.topRatedSubject!));
    const visible = () =>
      tab
        .locator('[data-top-rated-subject]:not([hidden])')
        .evaluateAll((sections) => sections.map((s) => (s as HTMLElement).dataset.topRatedSubject));
    // One section shown: the subject of the content page just visited, being among the offered.
    const shown = await visible();
    expect(shown).toHaveLength(1);
    const other = offered.find((subject) => subject !== shown[0]);
    if (other) {
      // A search filtered by another of the subjects: the home page shows that one, painted before the first paint.
      await tab.goto(`/search?category=${other}`);
      await tab.goto('/');
      expect(await visible()).toEqual([other]);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});

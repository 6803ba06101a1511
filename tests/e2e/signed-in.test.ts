/**
 * What a signed-in user does in a real browser: saving from a result card and unsaving from /saved (the
 * top-bar badge following without a reload), writing a review, submitting a link, and a visitor's save
 * click that goes through /signin and comes back. Runs against the built server on the demo world.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, hydrated, newContext, recordToasts, toastsShown } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { DEMO_ADMIN, uniqueEmail } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, signUp } from '../setup/actors.ts';

const PASSWORD = 'signed-in-password-1';
const topBar = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const savedBadge = (page: Page) => topBar(page).locator('[data-saved-badge]');
const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

async function signOut(page: Page): Promise<void> {
  await topBar(page).getByText('Intent Saver', { exact: true }).click();
  await topBar(page).getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => url.pathname === '/signin');
}

async function fillSignIn(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

describe.skipIf(!hasBrowser)('signed-in features in the browser', () => {
  const browser = useBrowser();

  const { server, api } = useServer();

  /** A fresh account (made through the API, as another device would) and a page signed in as it. */
  async function withUser(run: (page: Page, user: { name: string; email: string }) => Promise<void>) {
    const email = uniqueEmail('signed-in');
    const name = `Tester ${email.split('@')[0]!.slice(-6)}`;
    await signUp(api, name, { email, password: PASSWORD });
    await withPage(async (page) => {
      await page.goto('/signin');
      await fillSignIn(page, email);
      await page.waitForURL((url) => url.pathname === '/');
      await run(page, { name, email });
    });
  }

  async function withPage(run: (page: Page, context: BrowserContext) => Promise<void>) {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    try {
      await run(page, context);
      expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned ?? null)).toBeNull();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }

  /** A content with no reviews yet, so its numbers are predictable. */
  async function unreviewedContent(): Promise<{ _id: string; slug: string; name: string }> {
    const { body } = await api.call('searchContents', {
      query: { order: 'oldest' },
    });
    const content = body.contents.find((c: { numReviews: number }) => c.numReviews === 0) ?? body.contents[0];
    return content;
  }

  it('with nothing saved, /saved says how to save beside the empty page’s words', async () => {
    await withUser(async (page) => {
      await page.goto('/saved');
      await page.getByText('Page is empty.').waitFor();
      expect(await page.locator('[data-saved-empty-hint]').textContent()).toContain('bookmark on its card');
    });
  });

  it('with nothing saved, the Saved link keeps no empty room for a count on a page that knows it', async () => {
    await withUser(async (page) => {
      await page.goto('/saved');
      await page.getByText('Page is empty.').waitFor();
      expect((await topBar(page).locator('[data-saved-room]').boundingBox())?.width ?? 0).toBe(0);
    });
  });

  it('a card saved on /search shows in the badge at once, is listed on /saved, and the trash empties the list', async () => {
    await withUser(async (page) => {
      expect(await savedBadge(page).isHidden()).toBe(true);

      await page.goto('/search');
      const card = page.locator('[data-content-card]').first();
      const name = (await card.getByRole('heading').textContent())!.trim();
      const toggle = card.getByRole('button', { name: `Save ${name}` });
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
      // The state wanted (PUT to save, DELETE to unsave), so a retried request cannot undo the click.
      const saveRequest = page.waitForRequest((request) =>
        new URL(request.url()).pathname.startsWith('/api/users/saves/'),
      );
      await toggle.click();
      expect((await saveRequest).method()).toBe('PUT');

      // No reload: the bookmark fills and the badge counts it.
      await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => savedBadge(page).textContent()).toBe('1');
      expect(await savedBadge(page).isVisible()).toBe(true);

      // After a reload the server renders the same.
      await page.reload();
      expect(await card.getByRole('button', { name: `Save ${name}` }).getAttribute('aria-pressed')).toBe('true');

      await topBar(page).getByRole('link', { name: /Saved/ }).click();
      await page.waitForURL((url) => url.pathname === '/saved');
      await page.getByRole('heading', { name: 'Your Saved Content' }).waitFor();
      const item = page.locator('[data-saved-item]');
      expect(await item.count()).toBe(1);
      expect(await item.getByRole('link', { name, exact: true }).getAttribute('href')).toMatch(/^\/content\//);
      const visit = item.getByRole('link', { name: /visit website/ });
      expect(await visit.getAttribute('target')).toBe('_blank');
      expect(await visit.getAttribute('rel')).toContain('noopener');
      await page.getByText('Total Content: 1').waitFor();
      expect(await page.getByRole('link', { name: 'Add More' }).getAttribute('href')).toBe('/search');

      const removeRequest = page.waitForRequest((request) =>
        new URL(request.url()).pathname.startsWith('/api/users/saves/'),
      );
      await item.getByRole('button', { name: `Remove ${name} from saved` }).click();
      expect((await removeRequest).method()).toBe('DELETE');
      await page.getByText('Page is empty.').waitFor();
      expect(await page.getByRole('link', { name: 'Find more content' }).getAttribute('href')).toBe('/search');
      await page.getByText('Total Content: 0').waitFor();
      expect(await page.getByRole('link', { name: 'Add More' }).count()).toBe(0);
      await expect.poll(() => savedBadge(page).isHidden()).toBe(true);
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('userSaves') ?? 'null'))).toEqual({
        numSaves: 0,
        saves: [],
      });
    });
  });

  it('removing a save offers Undo in its toast, which saves it again in its place', async () => {
    await withUser(async (page, user) => {
      await recordToasts(page.context());
      const { token } = (
        await api.call('signIn', {
          body: { email: user.email, password: PASSWORD },
        })
      ).body;
      const { body } = await api.call('searchContents', {
        query: { order: 'oldest' },
      });
      const [a, b, c] = body.contents as Array<{ _id: string; name: string }>;
      for (const content of [a!, b!, c!])
        await api.call('save', {
          params: { id: content._id },
          token,
        });
      const listed = () => page.locator('[data-saved-item] a[href^="/content/"]').allTextContents();
      const newestFirst = [c!.name, b!.name, a!.name];

      await page.goto('/saved');
      await hydrated(page);
      expect(await listed()).toEqual(newestFirst);
      await page.getByRole('button', { name: `Remove ${b!.name} from saved` }).click();
      await expect.poll(listed).toEqual([c!.name, a!.name]);
      await expect.poll(() => savedBadge(page).textContent()).toBe('2');
      const removed = page.locator('[data-toast]', { hasText: `${b!.name} removed from saved` });
      await removed.getByRole('button', { name: 'Undo' }).click();
      // Back in its place, here, in the badge and on the server.
      await expect.poll(listed).toEqual(newestFirst);
      await expect.poll(() => savedBadge(page).textContent()).toBe('3');
      await page.getByText('Total Content: 3').waitFor();
      await expect.poll(() => toastsShown(page)).toEqual([`${b!.name} removed from saved`, `Saved “${b!.name}”`]);
      await page.reload();
      expect(await listed()).toEqual(newestFirst);
    });
  });

  it('the home page loads the saves into the store; the content page toggles them too', async () => {
    await withUser(async (page) => {
      const content = await unreviewedContent();
      await page.goto(`/content/${content.slug}`);
      const toggle = page.getByRole('button', { name: `Save ${content.name}` });
      await toggle.click();
      await expect.poll(() => savedBadge(page).textContent()).toBe('1');

      await page.evaluate(() => localStorage.removeItem('userSaves'));
      await page.goto('/');
      await expect
        .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('userSaves') ?? '{}').numSaves))
        .toBe(1);
      expect(await savedBadge(page).textContent()).toBe('1');
    });
  });

  it('a review: both fields needed, then it heads the list with the new count and average, and replaces the form', async () => {
    await withUser(async (page, user) => {
      const content = await unreviewedContent();
      const path = `/content/${content.slug}`;
      const before = (
        await api.call('contentBySlug', {
          params: { slug: content.slug },
        })
      ).body;
      await page.goto(path);
      const reviews = page.locator('#reviews');
      await reviews.getByRole('heading', { name: 'Write a Review' }).waitFor();

      await reviews.getByRole('button', { name: 'Post review' }).click();
      await reviews.getByText('Please enter comment and rating').waitFor();
      await reviews.getByLabel('Comment').fill('Only words, no stars');
      await reviews.getByRole('button', { name: 'Post review' }).click();
      await reviews.getByText('Please enter comment and rating').waitFor();

      // Pointing at a star previews it; clicking chooses it.
      const starInput = reviews.locator('[data-star-input]');
      const star = (name: string) =>
        starInput.locator('label').filter({ has: page.getByRole('radio', { name, exact: true }) });
      await star('5 stars').hover();
      await expect.poll(() => starInput.textContent()).toContain('5 / 5');
      await star('4 stars').click();
      await reviews.getByLabel('Comment').hover();
      await expect.poll(() => starInput.textContent()).toContain('4 / 5');
      expect(await reviews.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);
      const comment = 'Clear and practical. <img src=x onerror="window.__pwned=1">';
      await reviews.getByLabel('Comment').fill(comment);
      await reviews.getByRole('button', { name: 'Post review' }).click();
      await page.getByText('Review submitted successfully').waitFor();

      const after = (
        await api.call('contentBySlug', {
          params: { slug: content.slug },
        })
      ).body;
      expect(after.numReviews).toBe(before.numReviews + 1);
      const first = reviews.locator('[data-review]').first();
      await first.getByText(comment, { exact: true }).waitFor();
      expect(await first.getByText(user.name, { exact: true }).isVisible()).toBe(true);
      expect(await first.getByRole('img', { name: 'Rated 4 out of 5' }).isVisible()).toBe(true);
      const summary = page.locator('[data-rating-summary]');
      await expect
        .poll(() => summary.locator('[data-review-count]').textContent())
        .toBe(`(${after.numReviews} ${after.numReviews === 1 ? 'review' : 'reviews'})`);
      expect(await summary.locator('[data-average]').textContent()).toBe(after.rating.toFixed(1));
      await reviews.getByRole('heading', { name: 'Your review' }).waitFor();
      expect(await reviews.getByRole('button', { name: 'Post review' }).count()).toBe(0);

      await page.reload();
      await reviews.getByRole('heading', { name: 'Your review' }).waitFor();
      expect(await reviews.getByRole('heading', { name: 'Write a Review' }).count()).toBe(0);
      expect(await summary.locator('[data-review-count]').textContent()).toBe(
        `(${after.numReviews} ${after.numReviews === 1 ? 'review' : 'reviews'})`,
      );
    });
  });

  it("the server's refusal shows in the form: a review already posted from elsewhere", async () => {
    await withUser(async (page) => {
      const content = await unreviewedContent();
      await page.goto(`/content/${content.slug}`);
      const reviews = page.locator('#reviews');
      await reviews.getByRole('heading', { name: 'Write a Review' }).waitFor();
      // The same account reviews from another device while this page is open.
      const token = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').token as string);
      expect(
        (
          await api.call('createReview', {
            params: { id: content._id },
            body: { rating: 3, comment: 'From my phone' },
            token,
          })
        ).status,
      ).toBe(201);

      await reviews.getByLabel('2 stars').check({ force: true });
      await reviews.getByLabel('Comment').fill('From my laptop');
      await reviews.getByRole('button', { name: 'Post review' }).click();
      await reviews.getByRole('alert').getByText('You already submitted a review').waitFor();
    });
  });

  it('a visitor sees no review form, only the way to sign in', async () => {
    await withPage(async (page) => {
      const content = await unreviewedContent();
      await page.goto(`/content/${content.slug}`);
      const invitation = page.locator('[data-signin-to-review]');
      expect(await invitation.textContent()).toMatch(/Please\s+Sign In\s+to write a review/);
      expect(await invitation.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
        `/signin?redirect=${encodeURIComponent(`/content/${content.slug}`)}`,
      );
      expect(await page.getByRole('button', { name: 'Post review' }).count()).toBe(0);
    });
  });

  it('a submission: the name follows the URL, success goes home with the notice, the same URL again is refused', async () => {
    await withUser(async (page) => {
      const url = 'https://www.khanacademy.org/computing/computer-programming';
      await page.goto('/submit-content');
      await page.getByText('At minimum we need the website link').waitFor();
      const name = page.getByLabel('Name');
      expect(await name.getAttribute('readonly')).not.toBeNull();
      await page.getByLabel('Website URL').fill(url);
      await expect.poll(() => name.inputValue()).toBe('Computer Programming (Khan Academy)');

      await page.getByRole('group', { name: 'Subject areas' }).locator('summary').click();
      await page.getByRole('checkbox', { name: 'Software Engineering' }).check();
      await page.getByRole('group', { name: 'Subject areas' }).locator('summary').click();
      await page.getByLabel('Cost').selectOption('Free/Paid');
      await page.getByLabel('Provides a certificate?').selectOption("I don't know");
      await page.getByLabel('Description (optional)').fill('Free lessons in programming.');
      await page.getByRole('button', { name: 'Submit', exact: true }).click();

      await page.waitForURL((u) => u.pathname === '/');
      await page.getByText('Submission successfully created').waitFor();

      const admin = await asAdmin(api);
      const { body } = await api.call('adminSubmissions', {
        query: { page: '1' },
        token: admin.token,
      });
      const created = body.submissions.find((s) => s.url === url);
      expect(created).toMatchObject({
        name: 'Computer Programming (Khan Academy)',
        cost: 'Free/Paid',
        hasCert: false,
        description: 'Free lessons in programming.',
      });
      expect(created?.category.map((t) => t.label)).toEqual(['Software Engineering']);

      await page.goto('/submit-content');
      await page.getByLabel('Website URL').fill(url);
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await page
        .getByRole('alert')
        .getByText("already submitted as 'Computer Programming (Khan Academy)'", { exact: false })
        .waitFor();
      expect(pathOf(page)).toBe('/submit-content');
    });
  });

  it('/submit-content sends a visitor to /signin and an admin to the contents table', async () => {
    await withPage(async (page) => {
      await page.goto('/submit-content');
      expect(pathOf(page)).toBe('/signin?redirect=%2Fsubmit-content');
      await page.getByLabel('Email').fill(DEMO_ADMIN.email);
      await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/admin/contents');
    });
  });

  it('a visitor’s save is completed once they sign in, with a toast: from a search card, a home card and the content page', async () => {
    const { email } = await signUp(api, 'Intent Saver', { password: PASSWORD });
    await withPage(async (page, context) => {
      await recordToasts(context);
      const savedToasts = async () => (await toastsShown(page)).filter((text) => text.startsWith('Saved'));
      // The saves on the server, asked with the page's current session.
      const saved = async (): Promise<string[]> => {
        const { _id, token } = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}'));
        return (
          await api.call('userSaves', {
            params: { id: _id },
            token,
          })
        ).body.saves.map((s: { _id: string }) => s._id);
      };

      // From a search card: through /signin and back, and the card's content is saved.
      const here = '/search?category=web-development';
      await page.goto(here);
      const card = page.locator('[data-content-card]').first();
      const name = (await card.getByRole('heading').textContent())!.trim();
      await card.getByRole('button', { name: `Save ${name}` }).click();
      await page.waitForURL((url) => url.pathname === '/signin');
      await page.getByText('Please sign in first').waitFor();
      await fillSignIn(page, email);
      await page.waitForURL((url) => url.pathname + url.search === here);
      await expect.poll(savedToasts).toEqual([`Saved “${name}”`]);
      await expect
        .poll(() => card.getByRole('button', { name: `Save ${name}` }).getAttribute('aria-pressed'))
        .toBe('true');
      await expect.poll(() => savedBadge(page).textContent()).toBe('1');
      expect(await saved()).toHaveLength(1);
      // Once: a reload saves nothing again, and shows no toast.
      await page.reload({ waitUntil: 'networkidle' });
      await card.waitFor();
      expect(await savedToasts()).toEqual([`Saved “${name}”`]);

      // From the content page and from a home card, signed out in between.
      await signOut(page);
      const content = await unreviewedContent();
      await page.goto(`/content/${content.slug}`);
      await page.getByRole('button', { name: `Save ${content.name}` }).click();
      await page.waitForURL((url) => url.pathname === '/signin');
      await fillSignIn(page, email);
      await page.waitForURL((url) => url.pathname === `/content/${content.slug}`);
      await expect.poll(savedToasts).toEqual([`Saved “${name}”`, `Saved “${content.name}”`]);
      await expect.poll(saved).toContain(content._id);

      await signOut(page);
      await page.goto('/');
      // A shown card of neither content saved so far (the home page's sections may show them again).
      const homeCard = page
        .locator('[data-content-card]:visible')
        .filter({ hasNot: page.getByText(content.name, { exact: true }) })
        .filter({ hasNot: page.getByText(name, { exact: true }) })
        .first();
      const homeName = (await homeCard.getByRole('heading').textContent())!.trim();
      await homeCard.getByRole('button', { name: `Save ${homeName}` }).click();
      await page.waitForURL((url) => url.pathname === '/signin');
      await fillSignIn(page, email);
      await page.waitForURL((url) => url.pathname === '/');
      await expect.poll(savedToasts).toEqual([`Saved “${name}”`, `Saved “${content.name}”`, `Saved “${homeName}”`]);
      await expect.poll(async () => (await saved()).length).toBe(3);
    });
  });

  it('a visitor saving goes to /signin with "Please sign in first" and, signed in, comes back to the same page', async () => {
    const { email } = await signUp(api, 'Visiting Saver', { password: PASSWORD });
    await withPage(async (page) => {
      const here = '/search?category=web-development';
      await page.goto(here);
      await page
        .locator('[data-content-card]')
        .first()
        .getByRole('button', { name: /^Save / })
        .click();
      await page.waitForURL((url) => url.pathname === '/signin');
      expect(pathOf(page)).toBe(`/signin?redirect=${encodeURIComponent(here)}`);
      await page.getByText('Please sign in first').waitFor();
      await fillSignIn(page, email);
      await page.waitForURL((url) => url.pathname + url.search === here);
    });
  });
});

/**
 * Reviews as their writers and admins use them (docs/product.md#pages, #how-things-change, decision 021), in Chromium against
 * the real server on the demo world: your own review once, at the top, with Edit and Delete; the comment's
 * counter and where the focus goes; the admin's reviews table with its view in the address, and an audited
 * delete.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerConfirmation, hasBrowser, nativeDialogs, newContext, signInThroughForm } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { DEMO_ADMIN } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';
import { openDatabase } from '../setup/sql.ts';

const PASSWORD = 'reviews-password-1';

describe.skipIf(!hasBrowser)('reviews in the browser', () => {
  const browser = useBrowser();
  let contents: Array<{ _id: string; slug: string; name: string }>;

  const { server, api } = useServer();
  beforeAll(async () => {
    const { body } = await api.call('searchContents', {
      query: { order: 'oldest' },
    });
    contents = body.contents;
  });

  /** A page signed in through the form, as a person would. */
  async function signedInPage(email: string, password = PASSWORD): Promise<Page> {
    const page = await (await newContext(browser, server.url)).newPage();
    await signInThroughForm(page, { email, password });
    return page;
  }

  const focused = (page: Page) =>
    page.evaluate(() => ({
      own: document.activeElement?.hasAttribute('data-own-review') ?? false,
      tag: document.activeElement?.tagName,
      label: document.activeElement?.getAttribute('aria-labelledby'),
    }));

  it('your review shows once, at the top, and can be edited and deleted (after a confirmation), the rating line following', async () => {
    const content = contents[0]!;
    const other = await signUp(api, 'Olga Other', { password: PASSWORD });
    await api.call('createReview', {
      params: { id: content._id },
      body: { rating: 5, comment: 'Someone else liked it.' },
      token: other.token,
    });
    const me = await signUp(api, 'Mia Mine', { password: PASSWORD });
    const mine = await api.call('createReview', {
      params: { id: content._id },
      body: { rating: 3, comment: 'My first impression.' },
      token: me.token,
    });
    const page = await signedInPage(me.email);
    await page.goto(`/content/${content.slug}`);
    const reviews = page.locator('#reviews');
    const own = reviews.locator('[data-own-review]');
    await own.getByRole('heading', { name: 'Your review' }).waitFor();

    // Once, and first.
    expect(await reviews.getByText('My first impression.').count()).toBe(1);
    expect(await reviews.locator('[data-review]').first().getAttribute('data-own-review')).not.toBeNull();
    expect(await reviews.getByText('Someone else liked it.').count()).toBe(1);
    expect(await reviews.getByRole('button', { name: 'Post review' }).count()).toBe(0);

    await own.getByRole('button', { name: 'Edit your review' }).click();
    // The keyboard follows: into the form that replaced the button, back to the review on Cancel.
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'FORM', label: 'review-form-heading' });
    await own.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(async () => (await focused(page)).own).toBe(true);
    await own.getByRole('button', { name: 'Edit your review' }).click();
    const comment = own.getByLabel('Comment');
    expect(await comment.inputValue()).toBe('My first impression.');
    expect(await own.getByRole('radio', { name: '3 stars' }).isChecked()).toBe(true);
    await own.getByRole('radio', { name: '1 star', exact: true }).check({ force: true });
    await comment.fill('On second thought: too shallow.');
    await own.getByRole('button', { name: 'Save review' }).click();
    await page.getByText('Review updated successfully').waitFor();
    await own.getByText('On second thought: too shallow.').waitFor();
    expect(await own.getByRole('img', { name: 'Rated 1 out of 5' }).isVisible()).toBe(true);
    expect((await focused(page)).own).toBe(true);
    const edited = (
      await api.call('contentBySlug', {
        params: { slug: content.slug },
      })
    ).body;
    const summary = page.locator('[data-rating-summary]');
    expect(await summary.locator('[data-average]').textContent()).toBe(edited.rating.toFixed(1));
    expect(edited.reviews.find((r: { _id: string }) => r._id === mine.body.review._id)).toMatchObject({
      rating: 1,
      comment: 'On second thought: too shallow.',
    });

    // The page is the same for everyone: after a reload the edit is there too, once.
    await page.reload();
    await own.getByText('On second thought: too shallow.').waitFor();
    expect(await reviews.getByText('On second thought: too shallow.').count()).toBe(1);

    // Asked in the site's dialog, never the browser's: cancelled, nothing is deleted and the focus is back on
    // Delete; confirmed, the review goes.
    const opened = nativeDialogs(page);
    await own.getByRole('button', { name: 'Delete your review' }).click();
    expect(await answerConfirmation(page, 'Cancel')).toBe('Delete your review?');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Delete your review');
    expect(await own.count()).toBe(1);
    await own.getByRole('button', { name: 'Delete your review' }).click();
    expect(await answerConfirmation(page, 'Delete')).toBe('Delete your review?');
    await page.getByText('Review deleted successfully').waitFor();
    await reviews.getByRole('heading', { name: 'Write a Review' }).waitFor();
    expect(await focused(page)).toMatchObject({ tag: 'FORM' });
    const after = (
      await api.call('contentBySlug', {
        params: { slug: content.slug },
      })
    ).body;
    expect(after.numReviews).toBe(edited.numReviews - 1);
    await expect
      .poll(() => summary.locator('[data-review-count]').textContent())
      .toBe(`(${after.numReviews} ${after.numReviews === 1 ? 'review' : 'reviews'})`);
    expect(await reviews.getByText('On second thought: too shallow.').count()).toBe(0);
    expect(opened()).toEqual([]);
    await page.context().close();
  });

  it('the comment counts its characters as you type, turns to an error past 2,000, and the posted review takes the focus', async () => {
    const content = contents[1]!;
    const me = await signUp(api, 'Cora Counter', { password: PASSWORD });
    const page = await signedInPage(me.email);
    await page.goto(`/content/${content.slug}`);
    const reviews = page.locator('#reviews');
    await reviews.getByRole('heading', { name: 'Write a Review' }).waitFor();
    const comment = reviews.getByLabel('Comment');
    const counter = reviews.locator('[data-comment-count]');
    expect(await counter.textContent()).toBe('0 / 2,000');
    // The textarea names the counter, so a screen reader reads it with the field.
    expect(await comment.getAttribute('aria-describedby')).toContain(await counter.getAttribute('id'));

    await comment.fill('x'.repeat(1234));
    await expect.poll(() => counter.textContent()).toBe('1,234 / 2,000');
    const colour = () => counter.evaluate((el) => getComputedStyle(el).color);
    const calm = await colour();
    // Announced politely once typing pauses.
    const status = reviews.locator('[data-comment-count-status]');
    expect(await status.getAttribute('role')).toBe('status');
    await expect.poll(() => status.textContent()).toBe('766 characters left');

    await comment.fill('y'.repeat(2001));
    await expect.poll(() => counter.textContent()).toContain('2,001 / 2,000');
    expect(await comment.getAttribute('aria-invalid')).toBe('true');
    expect(await colour()).not.toBe(calm);
    await expect.poll(() => status.textContent()).toBe('1 character over the limit of 2,000');

    // Refused before it is sent, in the server's words.
    let posted = 0;
    page.on(
      'request',
      (request) => void (request.method() === 'POST' && request.url().includes('/reviews') && posted++),
    );
    await reviews.getByRole('radio', { name: '4 stars' }).check({ force: true });
    await reviews.getByRole('button', { name: 'Post review' }).click();
    await reviews.getByRole('alert').getByText('Comment must be at most 2000 characters').waitFor();
    expect(posted).toBe(0);

    await comment.fill('Just right.');
    await reviews.getByRole('button', { name: 'Post review' }).click();
    await page.getByText('Review submitted successfully').waitFor();
    await reviews.locator('[data-own-review]').getByText('Just right.').waitFor();
    await expect.poll(async () => (await focused(page)).own).toBe(true);
    await page.context().close();
  });

  it('an admin finds a review by words, filters, sorts and pages in the address, and deletes it, audited', async () => {
    const marker = `abuse${Date.now().toString(36)}`;
    const [troll, fan] = [
      await signUp(api, 'Trolly McTroll', { password: PASSWORD }),
      await signUp(api, 'Fan Favourite', { password: PASSWORD }),
    ];
    const target = contents[2]!;
    const abusive = await api.call('createReview', {
      params: { id: target._id },
      body: { rating: 1, comment: `You are all idiots ${marker}` },
      token: troll.token,
    });
    await api.call('createReview', {
      params: { id: target._id },
      body: { rating: 5, comment: `Lovely ${marker}` },
      token: fan.token,
    });
    await api.call('createReview', {
      params: { id: contents[3]!._id },
      body: { rating: 2, comment: `Meh ${marker}` },
      token: fan.token,
    });

    const page = await signedInPage(DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto('/admin/dashboard');
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Reviews' }).click();
    // The address is enough here: what the page shows is waited for below, not every picture it loads.
    await page.waitForURL((url) => url.pathname === '/admin/reviews', { waitUntil: 'commit' });
    await page.getByRole('heading', { name: 'Reviews', level: 1 }).waitFor();
    const rows = page.locator('[data-review-row]');
    await rows.first().waitFor();

    const view = page.getByRole('search', { name: 'List view' });
    await view.getByLabel('Find reviews').fill(marker.toUpperCase());
    await view.getByLabel('Find reviews').press('Enter');
    await expect.poll(() => rows.count()).toBe(3);
    expect(new URL(page.url()).searchParams.get('search')).toBe(marker.toUpperCase());

    // Sorted by rating, lowest first, then by author.
    await page.getByRole('button', { name: 'RATING' }).click();
    await expect
      .poll(() => page.getByRole('columnheader', { name: /RATING/ }).getAttribute('aria-sort'))
      .toBe('descending');
    await page.getByRole('button', { name: 'RATING' }).click();
    await expect
      .poll(() => page.getByRole('columnheader', { name: /RATING/ }).getAttribute('aria-sort'))
      .toBe('ascending');
    await expect.poll(() => rows.first().textContent()).toContain('You are all idiots');
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({ sort: 'rating', order: 'asc' });

    // Filtered by stars, then by content (a chip that clears it).
    await view.getByLabel('Rating').selectOption('5');
    await expect.poll(() => rows.count()).toBe(1);
    await view.getByLabel('Rating').selectOption('');
    await rows.filter({ hasText: 'Meh' }).waitFor();
    await rows
      .filter({ hasText: 'Lovely' })
      .getByRole('button', { name: /Its reviews/ })
      .click();
    await expect.poll(() => rows.count()).toBe(2);
    await page.locator('[data-content-filter]').getByText(target.name).waitFor();
    expect(new URL(page.url()).searchParams.get('content')).toBe(target._id);

    // The address is the view: a reload (or a shared link) shows the same.
    await view.getByLabel('Rows').selectOption('25');
    await expect.poll(() => new URL(page.url()).searchParams.get('pageSize')).toBe('25');
    await page.reload();
    await expect.poll(() => rows.count()).toBe(2);
    expect(await view.getByLabel('Find reviews').inputValue()).toBe(marker.toUpperCase());
    expect(await view.getByLabel('Rows').inputValue()).toBe('25');
    // Back returns to the view before.
    await page.goBack();
    await expect.poll(() => view.getByLabel('Rows').inputValue()).toBe('10');

    const opened = nativeDialogs(page);
    await rows
      .filter({ hasText: 'You are all idiots' })
      .getByRole('button', { name: /^Delete/ })
      .click();
    expect(await answerConfirmation(page, 'Delete')).toBe('Delete this review?');
    expect(opened()).toEqual([]);
    await page.getByText('Review deleted successfully').waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    const db = await openDatabase(server.dbUrl);
    try {
      const audit = await db.execute({
        sql: "SELECT action, details FROM audit_log WHERE target_type = 'review' AND target_id = ?",
        args: [abusive.body.review._id],
      });
      expect(audit.rows.map((row) => row.action)).toEqual(['review.delete']);
      expect(String(audit.rows[0]!.details)).toContain(marker);
    } finally {
      db.close();
    }
    await page.context().close();
  });
});

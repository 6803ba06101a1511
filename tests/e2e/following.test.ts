/**
 * Following a tag in Chromium against the real server (decision 036), at a phone's width: Follow on a tag's
 * search page asks once for the weekly digest; the Following page shows what was published since; Unfollow
 * leaves the empty state; a content page's tag badge follows again; the digest's mail is in the outbox and its
 * unsubscribe link works signed out.
 * One server, one browser, lean: the suite is near its time budget.
 */
import { describe, expect, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { sendDigests } from '../../db/shelf/digest.ts';
import { outbox } from '../../db/schema.ts';
import { hasBrowser, hydrated, nativeDialogs, signInThroughForm } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, newContent, signUp } from '../setup/actors.ts';
import { markEmailVerified } from '../setup/sql.ts';

const PASSWORD = 'follow-password-1';

describe.skipIf(!hasBrowser)('following a tag, in the browser', () => {
  const browser = useBrowser();

  const { server, api } = useServer();

  async function publishWebDevelopment(name: string): Promise<void> {
    const admin = await asAdmin(api);
    await newContent(api, admin.token, {
      name,
      image: 'https://example.org/i.png',
      category: [{ label: 'Web Development', value: 'web-development' }],
      description: 'New in a followed tag.',
    });
  }

  it('follow with the digest, see what is new, unfollow; the digest’s unsubscribe link works signed out', async () => {
    const { email } = await signUp(api, 'Ada Follows', { password: PASSWORD });
    // The digest goes only to a verified address.
    await markEmailVerified(server.dbUrl, email);
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const opened = nativeDialogs(page);
    await signInThroughForm(page, { email, password: PASSWORD });

    await page.goto('/search?category=web-development');
    const follow = page.locator('button[data-follow-toggle]');
    await expect.poll(() => follow.getAttribute('aria-busy')).toBeNull();
    await follow.click();
    const ask = page.getByRole('dialog', { name: 'Follow Web Development' });
    await expect.poll(() => ask.getByLabel('Email me a weekly digest').isChecked()).toBe(true);
    // Drawn as a dialog: a padded box away from the screen's edges, not bare text in its corner.
    const drawn = await ask.evaluate((dialog) => {
      const { left, top } = dialog.getBoundingClientRect();
      return { left, top, padding: getComputedStyle(dialog).paddingTop };
    });
    expect(drawn.left).toBeGreaterThan(8);
    expect(drawn.top).toBeGreaterThan(8);
    expect(drawn.padding).not.toBe('0px');
    await ask.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');
    expect(await follow.textContent()).toContain('Following');

    await publishWebDevelopment('Fresh from the followed tag');
    await page.goto('/following');
    const followed = page.locator('[data-followed-tag="web-development"]');
    await expect.poll(() => followed.locator('[data-new-count]').textContent()).toBe('1 new');
    await hydrated(page);
    expect(await page.getByLabel(/weekly digest/).isChecked()).toBe(true);
    // A switch looks like one: a track wider than it is tall, not the browser's small checkbox.
    const digestSwitch = await page.getByLabel(/weekly digest/).boundingBox();
    expect(digestSwitch!.width).toBeGreaterThanOrEqual(40);
    expect(digestSwitch!.width).toBeGreaterThan(digestSwitch!.height * 1.5);

    // The week's digest, as the servers' loop or `skillshelf digest send` queues it.
    const db = await openDb({ url: server.dbUrl });
    await sendDigests(db);
    const mail = (await db.select().from(outbox)).find(
      (m) => m.to === email && m.subject !== 'Verify your Skillshelf email address',
    )!;
    db.$client.close();
    expect(mail.text).toContain('Fresh from the followed tag');
    const link = new URL(/^<(.+)>$/.exec(mail.headers!['List-Unsubscribe']!)![1]!);

    await followed.getByRole('button', { name: 'Unfollow Web Development' }).click();
    await page.getByText("Follow a subject to see what's new").waitFor();

    // On a content page, each tag badge has its own toggle, drawn from the follows on load; the digest was
    // asked once already, so a follow from a badge asks nothing.
    const { body: found } = await api.call('searchContents', {
      query: { category: 'web-development', order: 'latest' },
    });
    await page.goto(`/content/${found.contents[0].slug}`);
    const badgeToggle = page
      .locator('[data-tag="category"]', { hasText: 'Web Development' })
      .getByRole('button', { name: 'Follow Web Development' });
    await expect.poll(() => badgeToggle.getAttribute('aria-pressed')).toBe('false');
    const box = (await badgeToggle.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    await badgeToggle.click();
    await expect.poll(() => badgeToggle.getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.goto('/following');
    await followed.waitFor();
    expect(problems).toEqual([]);
    expect(opened()).toEqual([]);
    await context.close();

    const signedOut = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } });
    const visitor = await signedOut.newPage();
    await visitor.goto(link.pathname + link.search);
    await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
    await visitor.locator('[data-unsubscribed]').waitFor();
    expect(
      (
        await api.call('myFollows', {
          token: (
            await api.call('signIn', {
              body: { email, password: PASSWORD },
            })
          ).body.token,
        })
      ).body.digest.weekly,
    ).toBe(false);
    await signedOut.close();
  });
});

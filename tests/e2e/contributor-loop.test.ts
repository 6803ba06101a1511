/**
 * The contributor loop in a real browser (decision 016): a submitter finds their submissions from the user
 * menu and sees what became of each; the admin rejects with a reason that the submitter then reads; the
 * profile turns decision mails off; the submit form says, while the URL is typed, whether the link is new.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, hydrated, withSignedInPage } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { DEMO_ADMIN } from '../setup/http.ts';
import { asAdmin, signUp, CATALOG_READY } from '../setup/actors.ts';
import { useServer } from '../setup/use-server.ts';
import { page as htmlPage, startLocalSite } from '../setup/local-site.ts';

const toast = (page: Page, text: string) => page.locator('[data-toast]', { hasText: text });
let counter = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${Date.now().toString(36)}-${++counter}`;

describe.skipIf(!hasBrowser)('the contributor loop in the browser', () => {
  const browser = useBrowser();
  let adminToken: string;

  // The title fetch may reach the local pages these tests start.
  const { server, api } = useServer({ env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });
  beforeAll(async () => {
    adminToken = (await asAdmin(api)).token;
  });

  /** A new account, and a browser signed in as it through /signin. */
  async function asNewUser(run: (page: Page, account: { token: string; email: string }) => Promise<void>) {
    const account = await signUp(api, 'Loop User');
    await asSignedIn(account, (page) => run(page, account));
  }

  /** A fresh browser signed in through /signin; every window.confirm is accepted. */
  const asSignedIn = (account: { email: string; password: string }, run: (page: Page) => Promise<void>) =>
    withSignedInPage(browser, server.url, account, run);

  async function submit(token: string, name: string) {
    const res = await api.call('submitLink', {
      body: { ...CATALOG_READY, url: `https://${name}.example.org/`, name },
      token,
    });
    expect(res.status).toBe(201);
    return res.body as { _id: string; url: string };
  }

  it('the user menu leads to My Submissions: empty at first, then each link with its state and the published one linked', async () => {
    await asNewUser(async (page, account) => {
      await page.locator('summary[data-user-name]').click();
      await page.getByRole('link', { name: 'My Submissions' }).click();
      await page.waitForURL((url) => url.pathname === '/submissions');
      expect(await page.locator('[data-submissions-empty]').textContent()).toContain(
        'You have not submitted any links yet.',
      );

      const waiting = await submit(account.token, unique('waiting'));
      const published = await submit(account.token, unique('published'));
      const approval = await api.call('approveSubmission', {
        params: { id: published._id },
        body: {},
        token: adminToken,
      });
      expect(approval.status).toBe(201);
      await page.reload();
      const item = (id: string) => page.locator(`[data-submission="${id}"]`);
      expect(await item(waiting._id).getAttribute('data-status')).toBe('pending');
      expect(await item(waiting._id).textContent()).toContain('Waiting for review');
      expect(await item(published._id).textContent()).toContain('Published');
      await item(published._id).locator('[data-published-link]').click();
      await page.waitForURL((url) => url.pathname === `/content/${approval.body.content.slug}`);

      // Each state has its own tab, with its own empty message.
      await page.goto('/submissions');
      await page.getByRole('link', { name: /^Rejected/ }).click();
      await page.waitForURL((url) => url.search === '?status=rejected');
      expect(await page.locator('[data-submissions-empty]').textContent()).toContain(
        'None of your links was rejected.',
      );
    });
  });

  it('the admin rejects from the queue with a reason and a note; the submitter reads them on their page', async () => {
    await asNewUser(async (page, account) => {
      const name = unique('offtopic');
      const sent = await submit(account.token, name);
      await asSignedIn(DEMO_ADMIN, async (admin) => {
        const { body } = await api.call('adminSubmissions', {
          token: adminToken,
        });
        await admin.goto(`/admin/submissions?page=${body.pages}`);
        await admin
          .getByRole('row')
          .filter({ hasText: name })
          .getByRole('button', { name: /^Reject/ })
          .click();
        const dialog = admin.getByRole('dialog');
        expect(await dialog.getByRole('heading').textContent()).toContain(name);
        await dialog.getByLabel('Reason').selectOption({ label: 'Off-topic' });
        await dialog.getByLabel('Note to the submitter (optional)').fill('We list computer science only.');
        await dialog.getByRole('button', { name: 'Reject submission' }).click();
        await toast(admin, 'submission rejected successfully').waitFor();
      });
      await page.goto('/submissions?status=rejected');
      const item = page.locator(`[data-submission="${sent._id}"]`);
      expect(await item.locator('[data-reject-reason]').getAttribute('data-reject-reason')).toBe('off-topic');
      expect(await item.textContent()).toContain('Reason: Off-topic');
      expect(await item.locator('[data-reject-note]').textContent()).toBe('We list computer science only.');
    });
  });

  it('the profile’s checkbox turns the decision mails off, and the page shows it so after a reload', async () => {
    await asNewUser(async (page, account) => {
      await page.goto('/profile');
      await hydrated(page);
      const box = page.getByLabel('Mail me about my submissions');
      expect(await box.isChecked()).toBe(true);
      await box.uncheck();
      await page.getByRole('button', { name: 'Update' }).click();
      await toast(page, 'User Updated Successfully').waitFor();
      await page.reload();
      await hydrated(page);
      expect(await page.getByLabel('Mail me about my submissions').isChecked()).toBe(false);
      expect(
        (
          await api.call('getProfile', {
            token: account.token,
          })
        ).body.decisionMails,
      ).toBe(false);
    });
  });

  it('the submit form says under the URL field, as it is typed, whether the link is listed or new (asked once per pause)', async () => {
    const { body: search } = await api.call('searchContents');
    const listed = search.contents[0] as { name: string; slug: string; url: string };
    await asNewUser(async (page) => {
      const checks: string[] = [];
      page.on(
        'request',
        (request) => void (request.url().includes('/api/submissions/check') && checks.push(request.url())),
      );
      await page.goto('/submit-content');
      await hydrated(page);
      const field = page.getByLabel('Website URL');
      const note = page.locator('[data-url-check]');
      // Typed key by key, faster than the pause the check waits for: one question, for the whole URL.
      const fresh = `https://${unique('fresh')}.example.org/course`;
      await field.pressSequentially(fresh, { delay: 20 });
      await expect.poll(() => note.getAttribute('data-url-check')).toBe('new');
      expect(await note.textContent()).toBe('New to Skillshelf: thank you for sending it.');
      expect(checks.length).toBeLessThanOrEqual(3);
      expect(decodeURIComponent(checks.at(-1)!)).toContain(fresh);
      // The field describes itself with the answer.
      expect(await field.getAttribute('aria-describedby')).toContain('url-check');

      await field.fill(listed.url.replace(/^https:/, 'http:'));
      await expect.poll(() => note.getAttribute('data-url-check')).toBe('listed');
      expect(await note.textContent()).toBe(`Already listed as ${listed.name}.`);
      await note.getByRole('link', { name: listed.name }).click();
      await page.waitForURL((url) => url.pathname === `/content/${listed.slug}`);
    });
  });

  it('the admin is offered the page’s own title as the name of a submission', async () => {
    const site = await startLocalSite((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end(htmlPage('Crafting Interpreters')),
    );
    try {
      const user = await signUp(api, 'Namer');
      const sent = await api.call('submitLink', {
        body: { ...CATALOG_READY, url: `${site.url}/book`, name: 'my favourite book' },
        token: user.token,
      });
      await expect
        .poll(
          async () =>
            (
              await api.call('getSubmission', {
                params: { id: sent.body._id },
                token: adminToken,
              })
            ).body.pageTitle,
          {
            timeout: 10_000,
          },
        )
        .toBe('Crafting Interpreters');
      await asSignedIn(DEMO_ADMIN, async (page) => {
        await page.goto(`/admin/submission/${sent.body._id}`);
        await hydrated(page);
        expect(await page.locator('[data-page-title]').textContent()).toContain(
          'The page calls itself “Crafting Interpreters”',
        );
        await page.getByRole('button', { name: 'Use it as the name' }).click();
        expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Crafting Interpreters');
        await page.locator('[data-page-title]').waitFor({ state: 'detached' });
      });
    } finally {
      await site.close();
    }
  });
});

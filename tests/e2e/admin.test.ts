/**
 * The admin's work in a real browser, on the seeded demo world: create a content and edit it with an
 * uploaded image; approve and reject submissions (asked why) from the queue and from the edit screen (a refused
 * approval keeps the submission); edit and delete a user; the dashboard's counts and charts; and a
 * signed-in non-admin kept out.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerConfirmation, hasBrowser, hydrated, withSignedInPage } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { DEMO_ADMIN } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp, CATALOG_READY } from '../setup/actors.ts';

const DEMO_USER = { email: 'grace@skillshelf.dev', password: 'skillshelf-demo' };

/** A 1×1 PNG: the server decides the type by these bytes, not by the file name. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};
const toast = (page: Page, text: string) => page.locator('[data-toast]', { hasText: text });
/** The table row that holds `text` (a name, an email). */
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/**
 * Runs in the page: the next dialog close event reaches the page only after the next click, as a busy browser
 * may order them. When the browser sends it after the click anyway, it goes as it came. `closeAfterClick` is
 * set on the body once it has reached the page.
 */
function closeAfterTheNextClick() {
  let clicked = false;
  let held: Event | undefined;
  const passed = () => {
    document.body.dataset.closeAfterClick = 'yes';
  };
  const replay = (event: Event) =>
    setTimeout(() => {
      event.target?.dispatchEvent(new Event('close'));
      passed();
    });
  window.addEventListener(
    'click',
    () => {
      clicked = true;
      if (held) replay(held);
    },
    { capture: true, once: true },
  );
  window.addEventListener(
    'close',
    (event) => {
      if (clicked) return passed();
      event.stopImmediatePropagation();
      held = event;
    },
    { capture: true, once: true },
  );
}

let counter = 0;
/** A unique word for names, slugs and URLs of this run. */
const unique = (prefix: string) => `${prefix}-${process.pid}-${Date.now().toString(36)}-${++counter}`;

describe.skipIf(!hasBrowser)('admin screens in the browser', () => {
  const browser = useBrowser();
  let adminToken: string;
  let userToken: string;
  let dir: string;

  const { server, api } = useServer();
  beforeAll(async () => {
    adminToken = (
      await api.call('signIn', {
        body: DEMO_ADMIN,
      })
    ).body.token;
    userToken = (
      await api.call('signIn', {
        body: DEMO_USER,
      })
    ).body.token;
    dir = mkdtempSync(join(tmpdir(), 'skillshelf-e2e-'));
  });

  afterAll(async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A fresh browser signed in through /signin, failing if a native dialog opens (confirmations are the site's own). */
  const asSignedIn = (account: { email: string; password: string }, run: (page: Page) => Promise<void>) =>
    withSignedInPage(browser, server.url, account, run);
  const asAdmin = (run: (page: Page) => Promise<void>) => asSignedIn(DEMO_ADMIN, run);

  /** A submission made by a normal user through the API, as the submit form would. */
  async function submit(name: string) {
    const res = await api.call('submitLink', {
      body: {
        url: `https://${name}.example.org/course`,
        name,
        category: ['Data Science'],
        techStack: ['Python'],
        type: ['Online Courses'],
        cost: 'Paid',
        hasCert: true,
        description: 'Statistics for everyone.',
      },
      token: userToken,
    });
    expect(res.status).toBe(201);
    return res.body as { _id: string; name: string; slug: string; url: string };
  }

  /** The submissions page that lists `id` (the queue is oldest first, so new ones are on the last page). */
  async function submissionsPageOf(id: string): Promise<number> {
    const first = await api.call('adminSubmissions', {
      query: { page: '1' },
      token: adminToken,
    });
    for (let p = 1; p <= first.body.pages; p++) {
      const { body } = await api.call('adminSubmissions', {
        query: { page: p },
        token: adminToken,
      });
      if (body.submissions.some((s: { _id: string }) => s._id === id)) return p;
    }
    throw new Error(`submission ${id} is not in the queue`);
  }

  const submissionStatus = async (id: string) =>
    (
      await api.call('getSubmission', {
        params: { id },
        token: adminToken,
      })
    ).status;
  /** What became of a submission (kept after the decision): pending, approved or rejected. */
  const submissionState = async (id: string) =>
    (
      await api.call('getSubmission', {
        params: { id },
        token: adminToken,
      })
    ).body.status as string;

  it('create a content, edit it with an uploaded image, and find it in the list', async () => {
    const name = unique('E2E Course');
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const file = join(dir, 'thumbnail.png');
    writeFileSync(file, PNG);
    let imagePath = '';

    await asAdmin(async (page) => {
      await page.goto('/admin/contents');
      await page.getByRole('button', { name: 'Create Content' }).click();
      expect(await answerConfirmation(page, 'Create')).toBe('Create a new content?');
      await page.waitForURL((url) => url.pathname.startsWith('/admin/content/'));
      await toast(page, 'new content created successfully').waitFor();
      await hydrated(page);
      expect(await page.title()).toContain('Edit Content');

      // Name follows the URL while it is empty or still the derived one.
      await page.getByLabel('Name', { exact: true }).fill('');
      await page.getByLabel('Website URL').fill(`https://www.${slug}.com/start`);
      expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe(
        slug.charAt(0).toUpperCase() + slug.slice(1),
      );
      await page.getByLabel('Name', { exact: true }).fill(name);
      await page.getByRole('button', { name: 'From name' }).click();
      expect(await page.getByLabel('Slug').inputValue()).toBe(slug);

      // Required fields are checked before anything is sent.
      await page.getByLabel('Description').fill('');
      await page.getByRole('button', { name: 'Update' }).click();
      await page.getByText('Description is required').waitFor();

      // Multi-selects: a <details> of checkboxes per group.
      const categories = page.getByRole('group', { name: 'Categories' });
      await categories.locator('summary').click();
      await categories.getByLabel('Web Development').check();
      await categories.getByLabel('Data Science').check();
      await page.keyboard.press('Escape');
      expect(await categories.locator('summary').textContent()).toContain('Data Science, Web Development');
      const types = page.getByRole('group', { name: 'Format of the material' });
      await types.locator('summary').click();
      await types.getByLabel('Video Lectures').check();
      await page.keyboard.press('Escape');

      // Upload: the URL field and the thumbnail show the stored image.
      await page.getByLabel('Upload an image').setInputFiles(file);
      await toast(page, 'Image uploaded successfully').waitFor();
      const imageUrl = await page.getByLabel('Image URL').inputValue();
      expect(imageUrl).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);
      imagePath = imageUrl;
      const thumbnail = page.getByRole('img', { name: 'Thumbnail preview' });
      expect(await thumbnail.getAttribute('src')).toBe(imageUrl);
      await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

      await page.getByLabel('Cost').selectOption('Free/Paid');
      await page.getByLabel('provide certification').check();
      await page.getByLabel('Description').fill('A course made in the browser test.');
      await page.getByRole('button', { name: 'Update' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/contents');
      await toast(page, 'Content updated successfully').waitFor();
      const listed = row(page, name);
      await listed.waitFor();
      expect(await listed.getByRole('cell').allTextContents()).toEqual(
        expect.arrayContaining(['Data Science, Web Development', 'Video Lectures', 'Free/Paid']),
      );
    });

    const { status, body } = await api.call('contentBySlug', {
      params: { slug },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ name, hasCert: true, cost: 'Free/Paid', image: `${server.url}${imagePath}` });
  });

  it('a failed upload shows its message under the field and as a toast', async () => {
    const { body: draft } = await api.call('createDraft', {
      token: adminToken,
    });
    const file = join(dir, 'script.png');
    writeFileSync(file, '<?php echo "not an image"; ?>');
    await asAdmin(async (page) => {
      await page.goto(`/admin/content/${draft._id}`);
      await hydrated(page);
      await page.getByLabel('Upload an image').setInputFiles(file);
      await page
        .locator('[data-field-error="imageUpload"]', { hasText: 'Only PNG, GIF and JPEG images can be uploaded' })
        .waitFor();
      await toast(page, 'Only PNG, GIF and JPEG images can be uploaded').waitFor();
      // The field keeps what it had: the draft's generated tile.
      expect(await page.getByLabel('Image URL').inputValue()).toBe(draft.image);
    });
  });

  it('delete a content from the list, asked in an accessible dialog that the keyboard operates', async () => {
    const { body: draft } = await api.call('createDraft', {
      token: adminToken,
    });
    await asAdmin(async (page) => {
      await page.goto('/admin/contents');
      await hydrated(page);
      const listed = row(page, draft._id);
      await listed.waitFor();
      const remove = listed.getByRole('button', { name: /^Delete/ });
      const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');
      await remove.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('alertdialog');
      await dialog.waitFor();
      // Named by its question, described by what will happen; the focus starts on the safe choice.
      expect(await dialog.evaluate((d) => d.matches(':modal'))).toBe(true);
      expect(
        await dialog.evaluate((d) => document.getElementById(d.getAttribute('aria-labelledby')!)?.textContent),
      ).toBe('Delete this content?');
      expect(
        await dialog.evaluate((d) => document.getElementById(d.getAttribute('aria-describedby')!)?.textContent),
      ).toContain(draft.name);
      expect(await focusedText()).toBe('Cancel');
      // Escape cancels, and the focus is back on Delete.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect(await focusedText()).toBe(`Delete ${draft.name}`);
      expect(
        (
          await api.call('getContent', {
            params: { id: draft._id },
            token: adminToken,
          })
        ).status,
      ).toBe(200);
      // Asked again, then Escape and Enter at once on a busy machine: the browser's close event, a task of its own,
      // may come after the second question (held back here until then). The question asked anew stays open.
      await page.keyboard.press('Enter');
      await dialog.waitFor();
      await page.evaluate(closeAfterTheNextClick);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.body.dataset.closeAfterClick === 'yes');
      await dialog.waitFor();
      expect(await focusedText()).toBe('Cancel');
      // Tab to Delete, Enter.
      await page.keyboard.press('Tab');
      expect(await focusedText()).toBe('Delete');
      await page.keyboard.press('Enter');
      await toast(page, 'content deleted successfully').waitFor();
      await listed.waitFor({ state: 'detached' });
    });
    expect(
      (
        await api.call('getContent', {
          params: { id: draft._id },
          token: adminToken,
        })
      ).status,
    ).toBe(404);
  });

  it('approve and reject submissions from the list', async () => {
    const toApprove = await submit(unique('approve-list'));
    const toReject = await submit(unique('reject-list'));
    await asAdmin(async (page) => {
      await page.goto(`/admin/submissions?page=${await submissionsPageOf(toApprove._id)}`);
      const approveRow = row(page, toApprove.name);
      await approveRow.waitFor();
      expect(await approveRow.getByRole('link', { name: toApprove.url }).getAttribute('target')).toBe('_blank');
      expect(await approveRow.getByRole('link', { name: toApprove.url }).getAttribute('rel')).toContain('noopener');
      await approveRow.getByRole('button', { name: /^Approve/ }).click();
      expect(await answerConfirmation(page, 'Approve')).toBe('Approve this submission?');
      await toast(page, 'Submission approve to the content list').waitFor();
      await approveRow.waitFor({ state: 'detached' });

      await page.goto(`/admin/submissions?page=${await submissionsPageOf(toReject._id)}`);
      const rejectRow = row(page, toReject.name);
      await rejectRow.getByRole('button', { name: /^Reject/ }).click();
      // The reason is asked for, and may be given.
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Reason').selectOption({ label: 'Low quality' });
      await dialog.getByLabel('Note to the submitter (optional)').fill('Too thin for the catalog.');
      await dialog.getByRole('button', { name: 'Reject submission' }).click();
      await toast(page, 'submission rejected successfully').waitFor();
      await rejectRow.waitFor({ state: 'detached' });
    });

    expect(await submissionState(toApprove._id)).toBe('approved');
    expect(await submissionState(toReject._id)).toBe('rejected');
    expect(
      (
        await api.call('getSubmission', {
          params: { id: toReject._id },
          token: adminToken,
        })
      ).body,
    ).toMatchObject({
      rejectReason: 'low-quality',
      rejectNote: 'Too thin for the catalog.',
    });
    expect(
      (
        await api.call('contentBySlug', {
          params: { slug: toApprove.slug },
        })
      ).body,
    ).toMatchObject({
      name: toApprove.name,
      cost: 'Paid',
      hasCert: true,
    });
    expect(
      (
        await api.call('contentBySlug', {
          params: { slug: toReject.slug },
        })
      ).status,
    ).toBe(404);
  });

  it('a refused approval on the edit screen shows why and keeps the submission; fixed, it is approved', async () => {
    const submission = await submit(unique('edit-approve'));
    const { body: existing } = await api.call('searchContents');
    const listedUrl = existing.contents[0].url as string;
    const newName = `${submission.name} edited`;

    await asAdmin(async (page) => {
      await page.goto(`/admin/submissions?page=${await submissionsPageOf(submission._id)}`);
      await row(page, submission.name).getByRole('link', { name: /^Edit/ }).click();
      await page.waitForURL((url) => url.pathname === `/admin/submission/${submission._id}`);
      await hydrated(page);
      expect(await page.getByLabel('Website URL').inputValue()).toBe(submission.url);
      expect(await page.locator('input[type="hidden"][name="rating"]').count()).toBe(1);

      await page.getByLabel('Name', { exact: true }).fill(newName);
      await page.getByLabel('Image URL').fill('https://images.example.org/cover.png');
      // A website another content has: refused, and the submission stays.
      await page.getByLabel('Website URL').fill(listedUrl);
      await page.getByRole('button', { name: 'Approve' }).click();
      await page
        .getByRole('alert')
        .getByText(/is already listed as another content/)
        .waitFor();
      expect(pathOf(page)).toBe(`/admin/submission/${submission._id}`);
      expect(await submissionStatus(submission._id)).toBe(200);

      await page.getByLabel('Website URL').fill(submission.url);
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/contents');
      await toast(page, 'Submission is approved').waitFor();
      await row(page, newName).waitFor();
    });
    expect(await submissionState(submission._id)).toBe('approved');
  });

  it('a name made from the address is marked in the queue and on the edit screen, and approving it asks about the name once', async () => {
    const host = unique('learn-derived-names');
    const res = await api.call('submitLink', {
      body: { ...CATALOG_READY, url: `https://${host}.example.org/`, description: 'Derived.' },
      token: userToken,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const guessed = res.body.name as string;
    expect(guessed.toLowerCase()).toBe(host.replaceAll('-', ' '));
    const typed = await submit(unique('typed-name'));

    await asAdmin(async (page) => {
      await page.goto(`/admin/submissions?search=${encodeURIComponent(host)}`);
      const derivedRow = row(page, guessed);
      await derivedRow.locator('[data-name-derived]').waitFor();
      await page.goto(`/admin/submissions?search=${encodeURIComponent(typed.name)}`);
      await row(page, typed.name).waitFor();
      expect(await row(page, typed.name).locator('[data-name-derived]').count()).toBe(0);

      await page.goto(`/admin/submission/${res.body._id}`);
      await hydrated(page);
      await page.locator('[role="note"][data-name-derived]').waitFor();
      await page.getByLabel('Image URL').fill('https://images.example.org/cover.png');
      await page.getByRole('button', { name: 'Approve' }).click();
      // Asked once, beside the field, which takes the focus; the submission is still pending.
      const name = page.getByLabel('Name', { exact: true });
      await page.getByText('This name was made from the address: check it, then approve again.').waitFor();
      expect(await name.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await submissionState(res.body._id)).toBe('pending');
      // Kept as it is, the second Approve goes through.
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/contents');
    });
    expect(await submissionState(res.body._id)).toBe('approved');
    expect(
      (
        await api.call('getSubmission', {
          params: { id: res.body._id },
          token: adminToken,
        })
      ).body.nameDerived,
    ).toBe(false);

    // From the queue: the confirmation asks for the name, the field focused, and approves it as corrected.
    const other = unique('learn-queue-names');
    const queued = await api.call('submitLink', {
      body: { ...CATALOG_READY, url: `https://${other}.example.org/`, description: 'Derived.' },
      token: userToken,
    });
    const corrected = `Distributed Systems, Properly ${other.slice(-6)}`;
    await asAdmin(async (page) => {
      await page.goto(`/admin/submissions?search=${encodeURIComponent(other)}`);
      await hydrated(page);
      await row(page, queued.body.name)
        .getByRole('button', { name: /^Approve/ })
        .click();
      const dialog = page.getByRole('alertdialog');
      const field = dialog.getByLabel('Name');
      await field.waitFor();
      expect(await field.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await field.inputValue()).toBe(queued.body.name);
      await field.fill(corrected);
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await toast(page, 'Submission approve to the content list').waitFor();
    });
    const approvedContent = (
      await api.call('getSubmission', {
        params: { id: queued.body._id },
        token: adminToken,
      })
    ).body;
    expect(approvedContent.status).toBe('approved');
    const { body: content } = await api.call('getContent', {
      params: { id: approvedContent.contentId! },
      token: adminToken,
    });
    expect(content.name).toBe(corrected);
  });

  it('reject from the edit screen', async () => {
    const submission = await submit(unique('edit-reject'));
    await asAdmin(async (page) => {
      await page.goto(`/admin/submission/${submission._id}`);
      await hydrated(page);
      await page.getByRole('button', { name: 'Reject', exact: true }).click();
      // Cancel leaves it pending; asked again, the reason is skipped.
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      expect(await submissionState(submission._id)).toBe('pending');
      await page.getByRole('button', { name: 'Reject', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Reject submission' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/submissions');
      await toast(page, 'submission deleted successfully').waitFor();
    });
    expect(await submissionState(submission._id)).toBe('rejected');
    expect(
      (
        await api.call('getSubmission', {
          params: { id: submission._id },
          token: adminToken,
        })
      ).body,
    ).toMatchObject({
      rejectReason: null,
      rejectNote: null,
    });
  });

  it('edit a user (make them an admin) and delete them; your own row offers no Delete, and the server refuses it', async () => {
    const { email, _id: userId } = await signUp(api, 'Managed Person', { password: 'managed-password-1' });

    await asAdmin(async (page) => {
      await page.goto('/admin/users');
      const listed = row(page, email);
      await listed.waitFor();
      expect(await listed.getByRole('cell').allTextContents()).toEqual(
        // A new address, not verified yet, is said so beside it.
        expect.arrayContaining([userId, 'Managed Person', `${email} not verified`, 'NO']),
      );
      await listed.getByRole('link', { name: /^Edit/ }).click();
      await page.waitForURL((url) => url.pathname === `/admin/user/${userId}`);
      await hydrated(page);
      expect(await page.getByLabel('Email').inputValue()).toBe(email);

      await page.getByLabel('Name').fill('');
      await page.getByRole('button', { name: 'Update' }).click();
      await page.getByText('Name is required').waitFor();

      await page.getByLabel('Name').fill('Managed Admin');
      await page.getByLabel('Is Admin').check();
      await page.getByRole('button', { name: 'Update' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/users');
      await toast(page, 'User updated successfully').waitFor();
      const updated = row(page, email);
      // The list is loaded after the page.
      await updated.waitFor();
      // As shown at this width (a phone's row says "admin" instead).
      expect(await updated.getByRole('cell').allInnerTexts()).toEqual(expect.arrayContaining(['Managed Admin', 'YES']));

      await updated.getByRole('button', { name: /^Delete/ }).click();
      expect(await answerConfirmation(page, 'Delete')).toBe('Are you sure to delete?');
      await toast(page, 'user deleted successfully').waitFor();
      await updated.waitFor({ state: 'detached' });

      // The demo admin is the oldest account: the last page.
      const { body } = await api.call('adminUsers', {
        query: { page: '1' },
        token: adminToken,
      });
      await page.goto(`/admin/users?page=${body.pages}`);
      // Your own row offers Edit but no Delete (the server would refuse it: checked below).
      const own = row(page, DEMO_ADMIN.email);
      await own.getByRole('link', { name: /^Edit/ }).waitFor();
      expect(await own.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    });
    const self = await api.call('getProfile', {
      token: adminToken,
    });
    expect(
      await api.call('deleteUser', {
        params: { id: self.body._id },
        token: adminToken,
      }),
    ).toMatchObject({
      status: 403,
      body: { message: 'You cannot delete your own account' },
    });
    expect(
      (
        await api.call('getUser', {
          params: { id: userId },
          token: adminToken,
        })
      ).status,
    ).toBe(404);
  });

  it('the page links go through the list, the current page highlighted', async () => {
    await asAdmin(async (page) => {
      await page.goto('/admin/contents?page=2');
      const pages = page.getByRole('navigation', { name: 'Pages' });
      const current = pages.locator('[aria-current="page"]');
      expect(await current.textContent()).toContain('2');
      // Row numbers continue across pages: page 2 starts at 11.
      expect(await page.getByRole('row').nth(1).getByRole('cell').first().textContent()).toBe('11');
      await pages.getByRole('link', { name: 'Page 3', exact: true }).click();
      await page.waitForURL((url) => url.search === '?page=3');
      // The next page loads in place: its rows follow the address.
      await expect.poll(() => page.getByRole('row').nth(1).getByRole('cell').first().textContent()).toBe('21');
    });
  });

  it('the dashboard shows the counts and three pie charts', async () => {
    const { body: summary } = await api.call('dashboardSummary', {
      token: adminToken,
    });
    await asAdmin(async (page) => {
      await page.goto('/admin/dashboard');
      const stat = (label: string) => page.locator(`[data-stat="${label}"] [data-stat-value]`).textContent();
      expect(await stat('Contents')).toBe(String(summary.contents[0].numContents));
      expect(await stat('Users')).toBe(String(summary.users[0].numUsers));
      expect(await stat('Admins')).toBe(String(summary.admins[0].numAdmins));

      const charts = [
        ['Categories', summary.numCategory],
        ['Technologies', summary.numTechStack],
        ['Content Types', summary.numType],
      ] as const;
      for (const [title, count] of charts) {
        await page.getByRole('heading', { name: `${title} (${count})` }).waitFor();
        const chart = page.locator(`[data-chart="${title}"]`);
        await chart.scrollIntoViewIfNeeded();
        await chart.locator('svg, canvas').first().waitFor();
        const box = await chart.boundingBox();
        expect(box?.height).toBe(600);
      }
    });
  });

  it('on a phone a chart not yet scrolled to shows the outline of its pie, and drawing it moves nothing', async () => {
    await asAdmin(async (page) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/admin/dashboard');
      const card = page.locator('[data-chart-card="Content Types"]');
      const placeholder = card.locator('[data-chart-placeholder]');
      expect(await placeholder.getByRole('status').textContent()).toBe('Loading Chart...');
      // A grey disc the size of the pie, not a blank 600 px.
      const disc = await placeholder
        .locator('.rounded-full')
        .first()
        .evaluate((el) => ({
          width: el.getBoundingClientRect().width,
          background: getComputedStyle(el).backgroundColor,
        }));
      expect(disc.width).toBe(240);
      expect(disc.background).not.toBe('rgba(0, 0, 0, 0)');
      const before = (await card.boundingBox())!.height;
      await card.scrollIntoViewIfNeeded();
      await card.locator('[data-chart] svg').first().waitFor();
      expect(await placeholder.count()).toBe(0);
      expect((await card.boundingBox())!.height).toBe(before);
    });
  });

  it('a pie of more than a dozen tags gives each slice its own colour, groups the smallest into Other, and names them below on a phone', async () => {
    const { body: summary } = await api.call('dashboardSummary', {
      token: adminToken,
    });
    expect(summary.contentTechStacks.length).toBeGreaterThan(12);
    await asAdmin(async (page) => {
      const sliceColours = async () => {
        const chart = page.locator('[data-chart="Technologies"]');
        await chart.scrollIntoViewIfNeeded();
        await chart.locator('svg path').first().waitFor();
        // The slices are the paths of the pie's series; legend markers repeat their colours.
        return chart.evaluate((element) =>
          [...element.querySelectorAll('svg path')]
            .map((path) => path.getAttribute('fill'))
            .filter((fill): fill is string => /^#/.test(fill ?? '')),
        );
      };
      await page.goto('/admin/dashboard');
      const colours = await sliceColours();
      expect(new Set(colours).size, JSON.stringify([...new Set(colours)])).toBe(12);
      const chart = page.locator('[data-chart="Technologies"]');
      const others = summary.contentTechStacks.length - 11;
      await expect
        .poll(() => chart.locator('svg text', { hasText: `Other (${others} tags)` }).count())
        .toBeGreaterThan(0);
      // A content carries several tags of a kind: the shares are of tags, and say so.
      const shares = (await chart.locator('svg text').allTextContents()).filter((text) => text.includes('%'));
      expect(shares.length).toBe(12);
      for (const share of shares) expect(share).toMatch(/\(\d+(\.\d+)?% of tags\)$/);

      // On a phone: no label on the slices (they were cut to 'Sof…'); the legend below names each with its count.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await sliceColours();
      const texts = await chart.locator('svg text').allTextContents();
      const largest = [...summary.contentTechStacks].sort(
        (a: { count: number }, b: { count: number }) => b.count - a.count,
      )[0];
      expect(texts).toContain(`${largest._id}: ${largest.count}`);
      expect(texts.filter((text) => text.includes('%'))).toEqual([]);
    });
  });

  it('echarts is loaded by the dashboard only', async () => {
    await asAdmin(async (page) => {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      for (const path of ['/admin/contents', '/admin/users', '/admin/submissions']) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
      }
      expect(scripts.filter((s) => s.includes('echarts'))).toEqual([]);
      await page.goto('/admin/dashboard');
      const chart = page.locator('[data-chart="Categories"]');
      await chart.scrollIntoViewIfNeeded();
      await chart.locator('svg').first().waitFor();
      expect(scripts.filter((s) => s.includes('echarts')).length).toBeGreaterThan(0);
    });
  });

  it('a signed-in non-admin is sent from the admin pages to /signin, and the admin API refuses them', async () => {
    await asSignedIn(DEMO_USER, async (page) => {
      // The redirect itself, with this browser's session cookie. (Followed further, /signin sends a
      // signed-in visitor on to ?redirect — back to /admin: see site/middleware.ts.)
      for (const path of ['/admin/dashboard', '/admin/contents', '/admin/user/anyone']) {
        const response = await page.request.get(path, { maxRedirects: 0 });
        expect(response.status()).toBe(302);
        const location = new URL(response.headers().location ?? '', server.url);
        expect(location.pathname).toBe('/signin');
        expect(location.searchParams.get('redirect')).toBe(path);
      }
      expect((await page.request.get('/api/dashboard/summary')).status()).toBe(403);
    });
  });
});

/**
 * A proposed tag's way in a real browser (docs/product.md#how-things-change): a user types a technology we do not list into
 * the submit form, with the keyboard, and proposes it; the admin sees the proposal on the submission's screen
 * and approves it mapped onto one of our tags.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, hydrated, withSignedInPage } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { DEMO_ADMIN } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, CATALOG_READY } from '../setup/actors.ts';
import { openDatabase } from '../setup/sql.ts';

const DEMO_USER = { email: 'grace@skillshelf.dev', password: 'skillshelf-demo' };
const toast = (page: Page, text: string) => page.locator('[data-toast]', { hasText: text });

describe.skipIf(!hasBrowser)('a proposed tag, from the submit form to the admin’s approval', () => {
  const browser = useBrowser();

  const { server, api } = useServer();

  /** A fresh browser signed in through /signin; every window.confirm is accepted. */
  const signedIn = (account: { email: string; password: string }, run: (page: Page) => Promise<void>) =>
    withSignedInPage(browser, server.url, account, run);

  async function sql(statement: string, args: string[] = []) {
    const db = await openDatabase(server.dbUrl);
    try {
      return (await db.execute({ sql: statement, args })).rows.map((row) => ({ ...row }));
    } finally {
      db.close();
    }
  }

  it('a user proposes a new technology with the keyboard; the admin sees it and approves it mapped to one of ours', async () => {
    const url = `https://elixir-${Date.now()}.example.org/`;
    await signedIn(DEMO_USER, async (page) => {
      await page.goto('/submit-content');
      await hydrated(page);
      await page.getByLabel('Website URL').fill(url);
      const technologies = page.getByRole('group', { name: 'Technologies' });
      await technologies.locator('summary').focus();
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      const box = page.getByLabel('Find or propose technologies');
      expect(await box.evaluate((element) => element === document.activeElement)).toBe(true);
      // Typing filters our list; a name we have is picked, one we lack is proposed.
      await page.keyboard.type('pyth');
      expect(await technologies.getByRole('checkbox').count()).toBe(1);
      await page.keyboard.press('Backspace');
      await page.keyboard.press('Backspace');
      await page.keyboard.press('Backspace');
      await page.keyboard.press('Backspace');
      await page.keyboard.type('Elixir');
      await technologies.getByRole('button', { name: "Propose 'Elixir'" }).waitFor();
      await page.keyboard.press('Enter');
      // A chip marked proposed, which the summary names too; Enter proposed rather than submitted.
      const chip = technologies.locator('[data-proposed-tag="elixir"]');
      await chip.waitFor();
      expect(await chip.textContent()).toContain('proposed');
      expect(await technologies.locator('summary').textContent()).toContain('Elixir (proposed)');
      expect(new URL(page.url()).pathname).toBe('/submit-content');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await page.waitForURL((u) => u.pathname === '/');
      await toast(page, 'Submission successfully created').waitFor();
    });

    const [row] = await sql('SELECT id, tech_stack, proposed_tags FROM submissions WHERE url = ?', [url]);
    expect(JSON.parse(String(row!.proposed_tags))).toEqual([{ kind: 'techStack', label: 'Elixir', value: 'elixir' }]);
    expect(JSON.parse(String(row!.tech_stack))).toEqual([]);
    const id = String(row!.id);

    await signedIn(DEMO_ADMIN, async (page) => {
      await page.goto(`/admin/submission/${id}`);
      await hydrated(page);
      const proposal = page.getByRole('group', { name: /Elixir/ });
      await proposal.getByText('proposed for Technology Stacks').waitFor();
      // Create is the default, and the screen says so.
      expect(await proposal.getByRole('radio', { name: 'Create as new tag' }).isChecked()).toBe(true);
      await page.getByText('Approving creates each proposed tag as a new tag').waitFor();
      await proposal.getByRole('radio', { name: 'Map to' }).check();
      await proposal.getByLabel('Map Elixir to').selectOption({ label: 'Python' });
      // The name was made from the address (the screen says so): the admin gives it a real one.
      await page.locator('[role="note"][data-name-derived]').waitFor();
      await page.getByLabel('Name', { exact: true }).fill('Elixir School');
      // What the submitter left blank and the edit form requires.
      await page.getByLabel('Image URL').fill('https://elixir-lang.org/images/logo.png');
      await page.getByLabel('Description').fill('Lessons in Elixir.');
      // Without a category and a format the approval is refused beside those fields, in their own names; given
      // them, it publishes.
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.getByText('Choose at least one category to publish it').waitFor();
      await page.getByText('Choose at least one format to publish it').waitFor();
      for (const [group, tag] of [
        ['Categories', 'Web Development'],
        ['Format of the material', 'Online Courses'],
      ] as const) {
        const picker = page.getByRole('group', { name: group });
        await picker.locator('summary').click();
        await picker.getByLabel(tag).check();
        await page.keyboard.press('Escape');
      }
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.waitForURL((u) => u.pathname === '/admin/contents');
      await toast(page, 'Submission is approved').waitFor();
    });

    const record = (
      await api.call('getSubmission', {
        params: { id },
        token: (await asAdmin(api)).token,
      })
    ).body;
    expect(record.status).toBe('approved');
    expect(
      await sql("SELECT kind, value FROM content_tags WHERE content_id = ? AND kind = 'techStack'", [
        record.contentId!,
      ]),
    ).toEqual([{ kind: 'techStack', value: 'python' }]);
    expect(await sql("SELECT value FROM tags WHERE kind = 'techStack' AND value = 'elixir'")).toEqual([]);
    const [audit] = await sql("SELECT details FROM audit_log WHERE action = 'submission.approve' AND target_id = ?", [
      id,
    ]);
    expect(JSON.parse(String(audit!.details)).proposedTags).toEqual([
      { kind: 'techStack', value: 'elixir', outcome: 'mapped', tag: 'python' },
    ]);

    // The decided submission's page says what became of the proposal.
    await signedIn(DEMO_ADMIN, async (page) => {
      await page.goto(`/admin/submission/${id}`);
      expect(await page.locator('[data-proposal="elixir"]').textContent()).toBe('Elixir → Python');
    });
  });

  it('a long proposed tag grows its pill rather than crossing it, and a dropped one says so once decided', async () => {
    const userToken = (
      await api.call('signIn', {
        body: DEMO_USER,
      })
    ).body.token;
    const adminToken = (await asAdmin(api)).token;
    const long = {
      label: 'Observability for Distributed Event-Driven Systems',
      value: 'observability-for-distributed-event-driven-systems',
    };
    const url = `https://observability-${Date.now()}.example.org/`;
    const created = await api.call('submitLink', {
      body: { ...CATALOG_READY, url, name: 'Observability notes', techStack: [long] },
      token: userToken,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    await signedIn(DEMO_ADMIN, async (page) => {
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.goto('/admin/submissions?search=observability');
      const pill = page.locator(`[data-proposal="${long.value}"]`).first();
      await pill.waitFor();
      expect(await pill.textContent()).toBe(`${long.label} proposed`);
      // Every line of its text lies inside the pill's border.
      const fits = await pill.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(element);
        return [...range.getClientRects()].every(
          (line) => line.top >= box.top - 0.5 && line.bottom <= box.bottom + 0.5,
        );
      });
      expect(fits).toBe(true);
    });

    const submission = (
      await api.call('getSubmission', {
        params: { id: created.body._id },
        token: adminToken,
      })
    ).body;
    const approved = await api.call('approveSubmission', {
      params: { id: submission._id },
      body: {
        ...submission,
        description: 'Notes.',
        image: '',
        proposedTags: [{ kind: 'techStack', value: long.value, action: 'drop' }],
      },
      token: adminToken,
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(201);
    await signedIn(DEMO_ADMIN, async (page) => {
      await page.goto('/admin/submissions?search=observability&status=approved');
      const pill = page.locator(`[data-proposal="${long.value}"]`).first();
      await pill.waitFor();
      expect(await pill.textContent()).toBe(`${long.label} dropped`);
      await page.goto(`/admin/submission/${submission._id}`);
      expect(await page.locator(`[data-proposal="${long.value}"]`).textContent()).toBe(`${long.label} dropped`);
    });
  });
});

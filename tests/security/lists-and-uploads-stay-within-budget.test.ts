/**
 * Every endpoint that takes a file or a list keeps the budget the bookmark import keeps: its worst input within
 * the documented limits holds the event loop under 100 ms and grows the server's memory by under 100 MB, while
 * a second client reads /healthz and a cached page. The worst inputs: a 5 MB image, 500 links submitted at
 * once, 500 submissions approved, rejected or deleted in one bulk action, a list of 500 items reordered and
 * copied.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { UPLOAD_MAX_BYTES } from '../../db/catalog/uploads.ts';
import { OFFER_MAX } from '../../db/imports/validation/bookmarks.ts';
import { seedDemo } from '../../db/maintenance/seed/demo.ts';
import { generateSyntheticCatalog } from '../../db/maintenance/seed/synthetic.ts';
import { migrateDb } from '../../db/migrate.ts';
import { ITEMS_PER_LIST } from '../../db/shelf/validation/lists.ts';
import { asAdmin, signUp, type Actor } from '../setup/actors.ts';
import { type Budget, BUDGET_METRICS_TOKEN, measureBudget } from '../setup/budget.ts';
import { sqlRows } from '../setup/sql.ts';
import { databaseAuthToken, databaseUrlIn } from '../setup/test-database.ts';
import { useServer } from '../setup/use-server.ts';

/** The largest bulk action the submissions table sends. */
const BULK_MAX = 500;
/** What each bulk action makes of a submission. */
const DONE = { approve: 'approved', reject: 'rejected', delete: 'deleted' } as const;

let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'skillshelf-list-budget-'));
  const url = await databaseUrlIn(dir);
  // With the token a libSQL server requires, when the suite runs on one.
  const db = await openDb({ url, authToken: databaseAuthToken(url) });
  await migrateDb(db);
  await seedDemo(db);
  await generateSyntheticCatalog(db, ITEMS_PER_LIST, { reviewers: 2 });
  db.$client.close();
}, 120_000);

const { server, api } = useServer(() => ({
  dir,
  seed: false,
  env: {
    METRICS_TOKEN: BUDGET_METRICS_TOKEN,
    RATE_LIMIT_SUBMISSION_USER: '10000/3600',
    RATE_LIMIT_UPLOAD_USER: '100/3600',
  },
}));

let admin: Actor;
beforeAll(async () => {
  admin = await asAdmin(api);
  // The cached page, warmed: the watcher reads it from the page cache throughout.
  await fetch(`${server.url}/`, { headers: { accept: 'text/html' } });
  // A server prepares its search once it listens (suggestions, then the word index in a thread of its own): a
  // suggestion and a search with words wait for them, so no measure below counts the start's work as an endpoint's.
  await api.call('suggest', { query: { q: 'da' } });
  await api.call('searchContents', { query: { searchTerm: 'course' } });
});

function expectWithinBudget(what: string, budget: Budget) {
  console.log(`${what}: ${JSON.stringify(budget)}`);
  expect(budget.failedAnswers).toBe(0);
  expect(budget.longestBlockMs).toBeLessThan(100);
  expect(budget.memoryGrowthMb).toBeLessThan(100);
  expect(budget.slowestAnswerMs['/healthz']).toBeLessThan(200);
}

/** Submits `count` new links as one user, as the import screen does after an import. */
async function submitLinks(user: Actor, count: number, label: string) {
  const links = Array.from({ length: count }, (_, i) => ({
    url: `https://${label}-${i}.example.org/course`,
    name: `${label} course ${i}`,
  }));
  return api.call('submitBookmarks', { body: { links }, token: user.token });
}

/**
 * Submits `count` links with what an approval needs (a category, a format, a description), through the submit form's
 * operation: an approval publishes each.
 */
async function submitReadyLinks(user: Actor, count: number, label: string) {
  for (let i = 0; i < count; i++) {
    const response = await api.call('submitLink', {
      body: {
        url: `https://${label}-${i}.example.org/course`,
        name: `${label} course ${i}`,
        description: 'A course on the web, written for a budget test.',
        category: ['Web Development'],
        type: ['Online Courses'],
      },
      token: user.token,
    });
    expect(response.status).toBe(201);
  }
}

async function pendingSubmissionIds(label: string): Promise<string[]> {
  const rows = await sqlRows(server.dbUrl, "SELECT id FROM submissions WHERE url LIKE ? AND status = 'pending'", [
    `https://${label}-%`,
  ]);
  return rows.map((row) => String(row.id));
}

/** A PNG of `size` bytes (its signature, then noise), as a multipart form's field `file`. */
function pngForm(size: number): FormData {
  const png = randomBytes(size);
  png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const form = new FormData();
  form.set('file', new Blob([png], { type: 'image/png' }), 'picture.png');
  return form;
}

// Each test first makes a small call of the same kind: what any first call loads once (the endpoint's code, a
// thread's modules) is not the large input's cost.
describe('an endpoint taking a file or a list, given the most its limits allow', () => {
  it('an image of 5 MB: uploaded within the budget', async () => {
    // Above the size written in place (db/catalog/upload-writer.ts): through the thread, as the large one goes.
    expect((await api.call('uploadImage', { raw: pngForm(512 * 1024), token: admin.token })).status).toBe(201);
    const { budget, value: response } = await measureBudget(server, ['/healthz', '/'], () =>
      api.call('uploadImage', { raw: pngForm(UPLOAD_MAX_BYTES - 1024), token: admin.token }),
    );
    expect(response.status).toBe(201);
    expect(response.body.path).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);
    expectWithinBudget('a 5 MB image', budget);
  }, 60_000);

  it(`${OFFER_MAX} links submitted at once: within the budget`, async () => {
    const user = await signUp(api, 'Submitter');
    expect((await submitLinks(user, 1, 'first-offered')).status).toBe(200);
    const { budget, value: response } = await measureBudget(server, ['/healthz', '/'], () =>
      submitLinks(user, OFFER_MAX, 'offered'),
    );
    expect(response.status).toBe(200);
    expect(response.body.results?.filter((result) => result.outcome === 'submitted')).toHaveLength(OFFER_MAX);
    expectWithinBudget(`${OFFER_MAX} links submitted`, budget);
  }, 60_000);

  for (const action of ['approve', 'reject', 'delete'] as const) {
    it(`${BULK_MAX} submissions to ${action} in one bulk action: within the budget`, async () => {
      const label = `bulk-${action}`;
      const submitter = await signUp(api, 'Submitter');
      await submitReadyLinks(submitter, 1, `first-${label}`);
      await submitReadyLinks(submitter, BULK_MAX, label);
      const bulk = (ids: string[]) => (action === 'reject' ? { action, ids, reason: 'off-topic' } : { action, ids });
      const first = await pendingSubmissionIds(`first-${label}`);
      expect((await api.call('decideSubmissions', { body: bulk(first), token: admin.token })).status).toBe(200);
      const ids = await pendingSubmissionIds(label);
      expect(ids).toHaveLength(BULK_MAX);
      const body = bulk(ids);
      const { budget, value: response } = await measureBudget(server, ['/healthz', '/'], () =>
        api.call('decideSubmissions', { body, token: admin.token }),
      );
      expect(response.status).toBe(200);
      expect(response.body.results).toHaveLength(BULK_MAX);
      expect(response.body.results?.filter((result) => result.outcome !== DONE[action])).toEqual([]);
      expect(await pendingSubmissionIds(label)).toEqual([]);
      expectWithinBudget(`${BULK_MAX} submissions to ${action}`, budget);
    }, 120_000);
  }

  it(`a list of ${ITEMS_PER_LIST} items reordered and copied: within the budget`, async () => {
    const owner = await signUp(api, 'Owner');
    const follower = await signUp(api, 'Follower');
    const small = await api.call('createList', { body: { name: 'One', isPublic: true }, token: owner.token });
    const [one] = await sqlRows(server.dbUrl, 'SELECT id FROM contents ORDER BY seq LIMIT 1');
    const first = { params: { id: small.body._id }, token: owner.token };
    await api.call('addListItem', { ...first, body: { contentId: String(one!.id) } });
    expect((await api.call('reorderList', { ...first, body: { contentIds: [String(one!.id)] } })).status).toBe(200);
    expect((await api.call('copyList', { params: { id: small.body._id }, token: follower.token })).status).toBe(201);
    const list = await api.call('createList', { body: { name: 'Everything', isPublic: true }, token: owner.token });
    expect(list.status).toBe(201);
    const contentIds = (
      await sqlRows(server.dbUrl, 'SELECT id FROM contents ORDER BY seq LIMIT ?', [ITEMS_PER_LIST])
    ).map((row) => String(row.id));
    for (const contentId of contentIds)
      await api.call('addListItem', { params: { id: list.body._id }, body: { contentId }, token: owner.token });

    const reversed = contentIds.toReversed();
    const reorder = await measureBudget(server, ['/healthz', '/'], () =>
      api.call('reorderList', { params: { id: list.body._id }, body: { contentIds: reversed }, token: owner.token }),
    );
    expect(reorder.value.status).toBe(200);
    expectWithinBudget(`a list of ${ITEMS_PER_LIST} reordered`, reorder.budget);

    const copy = await measureBudget(server, ['/healthz', '/'], () =>
      api.call('copyList', { params: { id: list.body._id }, token: follower.token }),
    );
    expect(copy.value.status).toBe(201);
    const [copied] = await sqlRows(server.dbUrl, 'SELECT count(*) AS n FROM list_items WHERE list_id = ?', [
      String(copy.value.body._id),
    ]);
    expect(Number(copied!.n)).toBe(ITEMS_PER_LIST);
    expectWithinBudget(`a list of ${ITEMS_PER_LIST} copied`, copy.budget);
  }, 120_000);
});

/**
 * The endpoints that take a list of submissions, at the most each takes: 500 bookmarks offered for submission
 * at once, then 500 submissions decided in one bulk action. Each once ran its items one after another on the
 * event loop, a local database answering without yielding: 500 approvals held it for about half a second. Now
 * each item hands the loop back: the longest block stays under 100 ms and memory grows under 100 MB while a
 * second client reads /healthz and a cached page (tests/setup/budget.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFER_MAX } from '../../db/imports/validation/bookmarks.ts';
import { BUDGET_METRICS_TOKEN, measureBudget, type Budget } from '../setup/budget.ts';
import { apiClient, DEMO_ADMIN, uniqueEmail } from '../setup/http.ts';
import { startServer, type TestServer } from '../setup/server.ts';
import { sqlRows } from '../setup/sql.ts';

let server: TestServer;

beforeAll(async () => {
  // The hourly submission limit raised to let the whole list through: the worst the endpoint can be asked.
  server = await startServer({
    env: { METRICS_TOKEN: BUDGET_METRICS_TOKEN, RATE_LIMIT_SUBMISSION_USER: '1000/3600', SUBMISSION_TITLE_FETCH: 'off' },
  });
  await fetch(`${server.url}/`, { headers: { accept: 'text/html' } });
});
afterAll(() => server?.stop());

const withinBudget = (budget: Budget) => {
  expect(budget.failedAnswers).toBe(0);
  expect(budget.longestBlockMs).toBeLessThan(100);
  expect(budget.memoryGrowthMb).toBeLessThan(100);
  expect(budget.slowestAnswerMs['/healthz']).toBeLessThan(200);
};

describe('lists of submissions at their most', () => {
  let ids: string[] = [];

  it(`${OFFER_MAX} bookmarks offered for submission at once`, async () => {
    const api = apiClient(server.url);
    const { token } = (await api.post('/api/users/signup', { name: 'Offerer', email: uniqueEmail('offerer'), password: 'offer-password-1' })).body;
    const links = Array.from({ length: OFFER_MAX }, (_, i) => ({ url: `https://site-${i}.example.org/learn/${'x'.repeat(60)}`, name: `Link ${i}` }));
    const { budget, value } = await measureBudget(server, ['/healthz', '/'], async () => {
      const response = await fetch(`${server.url}/api/bookmarks/submit`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ links }),
      });
      return { status: response.status, body: (await response.json()) as { submitted: number } };
    });
    expect(value.status).toBe(200);
    expect(value.body.submitted).toBe(OFFER_MAX);
    console.log(`budget ${JSON.stringify(budget)}`);
    withinBudget(budget);
    ids = (await sqlRows(server.dbUrl, "SELECT id FROM submissions WHERE url LIKE 'https://site-%'")).map((row) => String(row.id));
    expect(ids).toHaveLength(OFFER_MAX);
  }, 60_000);

  it('500 submissions approved in one bulk action', async () => {
    const { token } = (await apiClient(server.url).post('/api/users/signin', DEMO_ADMIN)).body;
    const { budget, value } = await measureBudget(server, ['/healthz', '/'], async () => {
      const response = await fetch(`${server.url}/api/submissions/bulk`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'approve', ids }),
      });
      return { status: response.status, body: (await response.json()) as { results: Array<{ outcome: string }> } };
    });
    expect(value.status).toBeLessThan(300);
    // Each decided on its own: approved, or refused with its reason (a submission may lack what a content needs).
    expect(value.body.results).toHaveLength(OFFER_MAX);
    console.log(`budget ${JSON.stringify(budget)}`);
    withinBudget(budget);
  }, 60_000);
});

/**
 * A burst of requests past what a libSQL server can answer within DATABASE_TIMEOUT (db/remote-client.ts): each
 * one is answered in time, a 200 or a 503 with Retry-After (an API call in JSON, a page in HTML), never a 500,
 * and the server is itself again at once after it. Sent all at once, such a burst once left the database
 * unreachable for tens of seconds: the calls given up here still ran on sqld, and those after them waited
 * behind them and were given up in turn.
 */
import { beforeAll, expect, it } from 'vitest';
import { type Actor, signUp } from '../setup/actors.ts';
import { useServer } from '../setup/use-server.ts';

const BURST = 600;

const { api, server } = useServer({ env: { WEB_CONCURRENCY: '2', RATE_LIMIT_OFF: 'true', DATABASE_TIMEOUT: '500' } });

// Both actors sign up before any burst: a write sent while the last burst's given-up writes still run on sqld may
// itself outlast the half-second deadline on a loaded machine, and each test's claim is about its own burst.
let crowd: Actor;
let reader: Actor;
beforeAll(async () => {
  crowd = await signUp(api, 'Crowd');
  reader = await signUp(api, 'Reader');
});

function statusCounts(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

it('answers every call of a burst with a 200 or a 503 to try again, and the next call as usual', async () => {
  const user = crowd;
  const contentId = (await api.call('searchContents', { query: { order: 'oldest' } })).body.contents[0]!._id;

  const answers = await Promise.all(
    Array.from({ length: BURST }, () => api.call('toggleSave', { body: { contentId }, token: user.token })),
  );
  const counts = statusCounts(answers.map((answer) => answer.status));
  console.log(`${BURST} toggles at once, 0.5 s deadline: ${JSON.stringify(counts)}`);
  expect(Object.keys(counts).sort()).toEqual(expect.arrayContaining(['200']));
  for (const answer of answers.filter((answer) => answer.status !== 200)) {
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(answer.body.message).toMatch(/try again/i);
  }

  const next = await api.call('userSaves', { params: { id: user._id }, token: user.token });
  expect(next.status).toBe(200);
});

it('answers a page whose database is out of time with a 503 page that says to try again', async () => {
  const user = reader;
  const pages = await Promise.all(
    Array.from({ length: BURST }, () =>
      fetch(`${server.url}/saved`, { headers: { accept: 'text/html', authorization: `Bearer ${user.token}` } }),
    ),
  );
  const counts = statusCounts(pages.map((page) => page.status));
  console.log(`${BURST} saved pages at once, 0.5 s deadline: ${JSON.stringify(counts)}`);
  for (const page of pages.filter((page) => page.status !== 200)) {
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toMatch(/try again/i);
  }
  for (const page of pages.filter((page) => page.status === 200)) await page.body?.cancel();

  expect((await fetch(`${server.url}/saved`, { headers: { authorization: `Bearer ${user.token}` } })).status).toBe(200);
});

/**
 * Related resources and the live home page through the real server (decisions 037, 039): a content page shows
 * "Learners who saved this also saved" only once CO_SAVE_MIN_USERS established users saved a pair, counted by
 * the server's job (here with no wait for an account's age or a change's delay), and the crossing refreshes its
 * cached copy while other pages stay cached; the home page counts this month's saves.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CO_SAVE_MIN_USERS } from '../../db/discovery/co-saves.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';
import { waitForLogLine } from '../setup/logs.ts';

let learners: string[];
let contents: Array<{ _id: string; slug: string; name: string }>;

const { server, api } = useServer({
  env: { RATE_LIMIT_OFF: 'true', CO_SAVE_ACCOUNT_DAYS: '0', CO_SAVE_DELAY_MINUTES: '0' },
});
beforeAll(async () => {
  learners = [];
  for (let i = 0; i < CO_SAVE_MIN_USERS; i++) learners.push((await signUp(api, `learner${i}`)).token);
  contents = (
    await api.call('searchContents', {
      query: { order: 'latest' },
    })
  ).body.contents;
});

/** A page as a browser asks for it, and whether the front door answered it from the cache. */
async function visit(path: string): Promise<{ text: string; cache: unknown }> {
  const res = await fetch(server.url + path, { headers: { accept: 'text/html' } });
  const text = await res.text();
  const id = res.headers.get('x-request-id');
  const line = await waitForLogLine(server.output, (l) => l.requestId === id && l.status !== undefined);
  return { text, cache: line.cache };
}

const save = async (token: string, contentId: string) =>
  expect(
    (
      await api.call('toggleSave', {
        body: { contentId },
        token,
      })
    ).status,
  ).toBe(200);
const coSavedSection = (html: string) => /data-related="co-saved"[\s\S]*?<\/section>/.exec(html)?.[0];

describe('related resources on a content page', () => {
  it(`show a co-saved content only past ${CO_SAVE_MIN_USERS} users, within seconds of the last save; other pages stay cached`, async () => {
    const [page, partner, bystander] = [contents[0]!, contents[1]!, contents[2]!];
    const path = `/content/${page.slug}`;
    const other = `/content/${bystander.slug}`;
    for (const token of learners.slice(0, -1)) {
      await save(token, page._id);
      await save(token, partner._id);
    }
    expect(coSavedSection((await visit(path)).text)).toBeUndefined();
    expect((await visit(path)).cache).toBe('hit');
    await visit(other);
    expect((await visit(other)).cache).toBe('hit');

    await save(learners.at(-1)!, page._id);
    await save(learners.at(-1)!, partner._id);
    // The job's next round (a second apart with no delay), then the page's refresh (within a second).
    const savedAt = Date.now();
    let shown: string | undefined;
    while (!shown && Date.now() - savedAt < 5_000) shown = coSavedSection((await visit(path)).text);
    expect(shown).toContain('Learners who saved this also saved');
    expect(shown).toContain(`/content/${partner.slug}`);
    // The partner's page shows it back; a page the pair is not about is not thrown away.
    expect(coSavedSection((await visit(`/content/${partner.slug}`)).text)).toContain(`/content/${page.slug}`);
    expect((await visit(other)).cache).toBe('hit');

    // One of them unsaves: the pair falls below the threshold and leaves the page.
    expect(
      (
        await api.call('unsave', {
          params: { id: page._id },
          token: learners[0]!,
        })
      ).status,
    ).toBeLessThan(300);
    const unsavedAt = Date.now();
    let gone = false;
    while (!gone && Date.now() - unsavedAt < 5_000) gone = coSavedSection((await visit(path)).text) === undefined;
    expect(gone).toBe(true);
  });

  it('shows More in its subject, linking the subject’s search; no empty heading anywhere', async () => {
    const { text } = await visit(`/content/${contents[3]!.slug}`);
    expect(text).toMatch(/data-related="more-in-subject"[\s\S]*?More in /);
    expect(text).not.toMatch(/<h2[^>]*>\s*<\/h2>/);
  });
});

describe('the live home page', () => {
  it('shows this month’s most saved and the top rated of the popular subjects, one shown and the others hidden', async () => {
    const { text } = await visit('/');
    expect(text).toMatch(/data-most-saved[\s\S]*?Most saved this month/);
    const sections = [...text.matchAll(/<section[^>]*data-top-rated-subject="([^"]+)"[^>]*>/g)].map((m) => m[0]);
    expect(sections.length).toBeGreaterThan(0);
    expect(sections.filter((tag) => !/\shidden/.test(tag))).toHaveLength(1);
  });
});

/**
 * Best Match through the real server (decision 040): a question in plain words finds the resources holding
 * most of its words, the page says which words the best of them lack, and a misspelt word stays corrected
 * when the other words match.
 */
import { describe, expect, it } from 'vitest';
import { useServer } from '../setup/use-server.ts';

const { server, api } = useServer();

const search = async (words: string) =>
  (
    await api.call('searchContents', {
      query: { searchTerm: words },
    })
  ).body;

describe('a search in plain words', () => {
  it('"learn python for beginners" finds Python courses, every word held by the first ones', async () => {
    const found = await search('learn python for beginners');
    expect(found.countContents).toBeGreaterThan(4);
    expect(found.missingWords).toBeUndefined();
    expect(found.contents.slice(0, 5).filter((content) => /python/i.test(content.name)).length).toBeGreaterThanOrEqual(
      4,
    );
  });

  it('takes a page search sent as ?q=, as most search boxes send it, as the same search, from the same cached page', async () => {
    const page = (query: string) => fetch(`${server.url}/search?${query}`, { headers: { accept: 'text/html' } });
    const named = await page('searchTerm=learn+python&level=beginner');
    const asked = await page('q=learn+python&level=beginner');
    expect(asked.status).toBe(200);
    expect(asked.headers.get('etag')).toBe(named.headers.get('etag'));
    expect(await asked.text()).toBe(await named.text());
  });

  it('says which words no resource holds, in the answer and on the page', async () => {
    const found = await search('python qwxzvk');
    expect(found.countContents).toBeGreaterThan(0);
    expect(found.missingWords).toEqual(['qwxzvk']);
    const page = await (
      await fetch(`${server.url}/search?searchTerm=python+qwxzvk`, { headers: { accept: 'text/html' } })
    ).text();
    expect(page).toMatch(/data-missing-words[^>]*>[^<]*Missing: <s>qwxzvk<\/s>/);
  });

  it('keeps a misspelt word corrected while the other words match', async () => {
    const found = await search('pyhton course');
    expect(found.correctedTerm).toBe('python course');
    expect(found.countContents).toBeGreaterThan(0);
  });

  it('takes "java" as Java, not JavaScript', async () => {
    const found = await search('java');
    expect(found.contents.length).toBeGreaterThan(0);
    expect(found.contents.filter((content) => /javascript/i.test(content.name))).toEqual([]);
  });
});

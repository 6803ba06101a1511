/**
 * `/feed.xml?category=<5,000 characters>` answered 200 with the whole catalog's feed, where an unknown tag
 * is a 404: the search's parameters read a value longer than any of ours as no filter at all, so a feed
 * reader (or a cache in front of one) subscribed to a tag got everything, and a level or language too long
 * to name one of ours slipped past the 400 every other unknown one gets. A value too long is now a value
 * nothing has: the feed answers 404, the search ignores it as it ignores any unknown tag, and a level or
 * language is refused.
 */
import { describe, expect, it } from 'vitest';
import { useServer } from '../setup/use-server.ts';

const { server, api } = useServer();

const long = (length: number) => 'x'.repeat(length);

describe('a tag parameter too long to be a tag', () => {
  it('is a feed that does not exist, alone or beside a tag that does', async () => {
    for (const query of [
      `category=${long(5000)}`,
      `techStack=${long(101)}`,
      `category=web-development&type=${long(5000)}`,
      'category=no-such-tag',
    ]) {
      const res = await fetch(`${server.url}/feed.xml?${query}`);
      expect(res.status, query.slice(0, 60)).toBe(404);
      expect(await res.text(), query.slice(0, 60)).not.toContain(long(101));
    }
    // What is no filter stays the whole catalog's feed.
    for (const query of ['', 'category=', 'category=all'])
      expect((await fetch(`${server.url}/feed.xml?${query}`)).status, query).toBe(200);
  });

  it('is ignored by the search like any unknown tag, and never echoed whole', async () => {
    const all = await api.call('searchContents');
    const res = await api.call('searchContents', {
      query: { category: long(5000) },
    });
    expect(res.status).toBe(200);
    expect(res.body.filters.category).toBe('all');
    expect(res.body.countContents).toBe(all.body.countContents);
    expect(JSON.stringify(res.body)).not.toContain(long(101));
  });

  it('is refused as a level or language, as any value naming none of theirs is', async () => {
    for (const key of ['level', 'language']) {
      const res = await api.call('searchContents', {
        query: { [key]: long(5000) },
      });
      expect(res.status, key).toBe(400);
      expect(res.body.message, key).toMatch(new RegExp(`^Unknown ${key} '`));
      expect(res.body.message?.length, key).toBeLessThan(400);
    }
  });
});

/**
 * The admin's contents table searched (GET /api/contents/admin?search=): unless sorted otherwise, the content
 * named as searched comes first, then names that start with it, then the rest; a sort asked for wins.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, newContent } from '../setup/actors.ts';

describe('GET /api/contents/admin?search=', () => {
  const { api } = useServer();
  let token: string;
  const word = `Quokkacamp${Date.now()}`;
  beforeAll(async () => {
    token = (await asAdmin(api)).token;
    // The exact name is the oldest: by date alone it would come last.
    await newContent(api, token, { name: word, description: `${word} teaches everything.` });
    await newContent(api, token, { name: `${word} Forum`, description: `The forum of ${word}.` });
    await newContent(api, token, { name: `Notes on ${word}`, description: `About ${word}.` });
  });

  it('lists the name itself first, then names starting with it', async () => {
    const res = await api.call('adminContents', {
      query: { search: word.toLowerCase() },
      token,
    });
    expect(res.status).toBe(200);
    expect(res.body.contents.map((c: { name: string }) => c.name)).toEqual([word, `${word} Forum`, `Notes on ${word}`]);
  });

  it('keeps a sort the address asks for', async () => {
    const res = await api.call('adminContents', {
      query: { search: word, sort: 'created', order: 'desc' },
      token,
    });
    expect(res.body.contents.map((c: { name: string }) => c.name)).toEqual([`Notes on ${word}`, `${word} Forum`, word]);
  });
});

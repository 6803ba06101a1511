/**
 * Search words that name things with symbols find what they name: 'c++' was the prefix 'c' (nearly every
 * content), and '%' or '_' — nothing searchable — returned the whole catalog.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, newContent } from '../setup/actors.ts';

let total: number;

const NAMED = [
  { name: 'Learn C++ Step by Step', slug: 'learn-cpp-step-by-step', description: 'Modern C++ from the ground up.' },
  { name: 'C# Yellow Book', slug: 'csharp-yellow-book', description: 'Programming in C# for beginners.' },
  { name: 'F# for Fun and Profit', slug: 'fsharp-fun-profit', description: 'Functional programming with F#.' },
  { name: 'Dotnet Academy', slug: 'dotnet-academy', description: 'Building web apps on .NET and ASP.NET.' },
];

const { api } = useServer();
beforeAll(async () => {
  const admin = await asAdmin(api);
  for (const [i, content] of NAMED.entries())
    await newContent(api, admin.token, { ...content, url: `https://symbols-${i}.example.org/` });
  total = (await api.call('searchContents')).body.countContents;
});

const names = async (term: string) => {
  const { body } = await api.call('searchContents', {
    query: { searchTerm: term },
  });
  return { count: body.countContents as number, names: (body.contents as Array<{ name: string }>).map((c) => c.name) };
};

describe('search words with symbols', () => {
  it.each([
    ['c++', 'Learn C++ Step by Step'],
    ['C#', 'C# Yellow Book'],
    ['f#', 'F# for Fun and Profit'],
    ['.net', 'Dotnet Academy'],
  ])('%s finds what it names, not every word starting with its letters', async (term, name) => {
    const found = await names(term);
    expect(found.names).toContain(name);
    expect(found.count).toBeLessThan(10);
  });

  it('node.js finds the Node.js contents', async () => {
    const found = await names('node.js');
    expect(found.count).toBeGreaterThan(0);
    expect(found.count).toBeLessThan(total / 2);
  });

  it.each(['%', '_', '%_%', '++', '!!'])(
    '%j, with nothing searchable in it, finds nothing rather than everything',
    async (term) => {
      const found = await names(term);
      expect(found).toEqual({ count: 0, names: [] });
    },
  );

  it('a word still being typed is a prefix', async () => {
    expect((await names('pyth')).count).toBeGreaterThan(0);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/setup/db.ts';
import { generateSyntheticCatalog } from '../../maintenance/seed/synthetic.ts';
import { newId } from '../../ids.ts';
import { contents } from '../../schema.ts';
import { insertContentStatements } from '../content-rows.ts';
import { contentInput } from '../validation/contents.ts';
import { markMatches, markWords, queryWords, wordsOf } from './suggest-marks.ts';
import { suggest, SUGGESTION_LIMIT } from './suggestions.ts';

describe('the marks of a suggestion', () => {
  it('marks where the typed words start the name’s words, merged, in order; a word that starts none is skipped', () => {
    expect(markWords(wordsOf('Machine Learning Crash Course'), ['mach', 'le'])).toEqual([
      [0, 4],
      [8, 10],
    ]);
    expect(markWords(wordsOf('Café Français pour Développeurs'), ['dév', 'xyz'])).toEqual([[19, 22]]);
    expect(markMatches('C++ and C#', ['c'])).toEqual([[0, 1]]);
    expect(markMatches('Python', ['py', 'pyth'])).toEqual([[0, 4]]);
  });

  it('reads any text as words, or none', () => {
    for (const text of ['', '   ', '.*+?^$\u007b}()|[]\\', '\u0000\u001f\u007f', '\u202e\u200b', '\ud800'])
      expect(queryWords(text)).toEqual([]);
    expect(queryWords('<script>alert(1)</script>')).toEqual(['script', 'alert', '1', 'script']);
    expect(queryWords('x'.repeat(10_000))).toEqual(['x'.repeat(100)]);
    expect(queryWords('Ünïcödé 日本語 c++')).toEqual(['ünïcödé', '日本語', 'c']);
  });
});

describe('suggest, from the catalog', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
    await generateSyntheticCatalog(t.db, 300, { seed: 7 });
  });
  afterAll(() => t.close());

  const first = async () => (await t.db.select().from(contents).limit(1))[0]!;

  it('offers tags first, then resources, at most 8, each with where it leads', async () => {
    const answer = await suggest(t.db, 'web');
    expect(answer.suggestions.length).toBeGreaterThan(0);
    expect(answer.suggestions.length).toBeLessThanOrEqual(SUGGESTION_LIMIT);
    const kinds = answer.suggestions.map((s) => s.kind);
    expect(kinds).toEqual([...kinds].sort((a, b) => (a === b ? 0 : a === 'tag' ? -1 : 1)));
    const tag = answer.suggestions.find((s) => s.kind === 'tag');
    expect(tag).toMatchObject({ group: expect.any(String), href: expect.stringMatching(/^\/search\?/) });
    const row = await first();
    const named = await suggest(t.db, row.name.slice(0, 40));
    expect(named.suggestions).toContainEqual(
      expect.objectContaining({ kind: 'content', label: row.name, href: `/content/${row.slug}` }),
    );
  });

  it('shows a rename at once, a review leaves it, and a deletion takes it out', async () => {
    await suggest(t.db, 'warm up');
    const row = await first();
    await t.db.update(contents).set({ name: 'Zyxwvut Quantum Basket Weaving' }).where(eq(contents.id, row.id));
    expect((await suggest(t.db, 'zyxw quan')).suggestions).toEqual([
      {
        kind: 'content',
        label: 'Zyxwvut Quantum Basket Weaving',
        href: `/content/${row.slug}`,
        marks: [
          [0, 4],
          [8, 12],
        ],
      },
    ]);
    await t.db.update(contents).set({ rating: 4.5, numReviews: 3 }).where(eq(contents.id, row.id));
    expect((await suggest(t.db, 'zyxw')).suggestions).toHaveLength(1);
    await t.db.delete(contents).where(eq(contents.id, row.id));
    expect((await suggest(t.db, 'zyxw')).suggestions).toEqual([]);
  });

  it('never fails on any input, and suggests nothing under 2 characters', async () => {
    const inputs: unknown[] = [
      '',
      'a',
      ' a ',
      'x'.repeat(10_000),
      '\u0000\u0001\u001b[31m',
      '日本',
      '🙂🙂',
      '(.*)+[',
      '\\',
      '%_%',
      "' OR 1=1 --",
      null,
      42,
      ['web'],
    ];
    for (const input of inputs) {
      const answer = await suggest(t.db, input);
      expect(answer.suggestions.length).toBeLessThanOrEqual(SUGGESTION_LIMIT);
    }
    expect((await suggest(t.db, 'w')).suggestions).toEqual([]);
  });
});

describe('suggest, while a word is typed after complete ones', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
    for (const name of ['LeetCode', 'Machine Vision Handbook', 'Machine Learning Crash Course', 'Lean Startup Notes']) {
      const id = newId();
      const input = contentInput.parse({
        name,
        slug: `r-${id}`,
        url: `https://${id}.example.org/`,
        description: `All about ${name}.`,
        category: ['Software Engineering'],
        type: ['Online Courses'],
      });
      await t.db.batch(insertContentStatements(t.db, id, input));
    }
  });
  afterAll(() => t.close());

  const resources = async (typed: string) =>
    (await suggest(t.db, typed)).suggestions.filter((s) => s.kind === 'content').map((s) => s.label);

  it('offers what holds the complete words first, and not what only the last word’s letters begin', async () => {
    expect(await resources('machine le')).toEqual(['Machine Learning Crash Course', 'Machine Vision Handbook']);
  });

  it('still offers what the last word begins when no resource holds the complete words', async () => {
    expect(await resources('qwertyuiop le')).toEqual(
      expect.arrayContaining(['LeetCode', 'Lean Startup Notes', 'Machine Learning Crash Course']),
    );
  });
});

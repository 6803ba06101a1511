import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../tests/setup/db.ts';
import { newId } from '../ids.ts';
import { contents, reviews, users } from '../schema.ts';
import { seedDemo } from '../maintenance/seed/demo.ts';
import demo from '../maintenance/seed/demo-contents.json' with { type: 'json' };
import { toValue } from './taxonomy.ts';
import { PAGE_SIZE, parseSearchParams } from './validation/search.ts';
import { getContentBySlug, listFilters, searchContents } from './catalog-reads.ts';
import { popularity } from './search/orders.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  await seedDemo(t.db);
});
afterAll(() => t.close());

const search = (query: string) => searchContents(t.db, parseSearchParams(new URLSearchParams(query)));

/** Every result of a search, page by page. */
async function allResults(query: string) {
  const first = await search(query);
  const rest = await Promise.all(Array.from({ length: first.pages - 1 }, (_, i) => search(`${query}&page=${i + 2}`)));
  return [first, ...rest].flatMap((r) => r.contents);
}

const demoWith = (predicate: (item: (typeof demo)[number]) => boolean) => demo.filter(predicate).length;
const labelsOf = (labels: string[]) => labels.map(toValue);

describe('filters', () => {
  it.each([
    ['category=web-development', (d: (typeof demo)[number]) => labelsOf(d.category).includes('web-development')],
    ['techStack=python', (d: (typeof demo)[number]) => labelsOf(d.techStack).includes('python')],
    ['type=podcasts', (d: (typeof demo)[number]) => labelsOf(d.type).includes('podcasts')],
    ['cost=Free/Paid', (d: (typeof demo)[number]) => d.cost === 'Free/Paid'],
    ['hasCert=true', (d: (typeof demo)[number]) => d.hasCert],
    ['hasCert=false', (d: (typeof demo)[number]) => !d.hasCert],
  ])('%s alone keeps exactly the matching contents', async (query, predicate) => {
    const result = await search(query);
    expect(result.countContents).toBe(demoWith(predicate));
    expect(result.countContents).toBeGreaterThan(0);
  });

  it('combine: every result satisfies every filter', async () => {
    const results = await allResults('category=software-engineering&techStack=python&cost=Free&hasCert=false');
    const expected = demoWith(
      (d) =>
        labelsOf(d.category).includes('software-engineering') &&
        labelsOf(d.techStack).includes('python') &&
        d.cost === 'Free' &&
        !d.hasCert,
    );
    expect(results).toHaveLength(expected);
    for (const c of results) {
      expect(c.category.map((tag) => tag.value)).toContain('software-engineering');
      expect(c.techStack.map((tag) => tag.value)).toContain('python');
      expect(c).toMatchObject({ cost: 'Free', hasCert: false });
    }
  });

  it('rating keeps contents whose average is at or above N', async () => {
    const results = await allResults('rating=4');
    expect(results.length).toBeGreaterThan(0);
    for (const c of results) expect(c.rating).toBeGreaterThanOrEqual(4);
    const all = await allResults('');
    expect(results).toHaveLength(all.filter((c) => c.rating >= 4).length);
  });

  it('an unknown category is ignored, not an empty result', async () => {
    expect((await search('category=nope')).countContents).toBe(demo.length);
  });
});

describe('order', () => {
  it('latest and oldest follow the date added', async () => {
    const latest = await allResults('order=latest');
    const oldest = await allResults('order=oldest');
    const dates = latest.map((c) => c.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(oldest.map((c) => c._id)).toEqual(latest.map((c) => c._id).reverse());
  });

  it('Most Popular ranks by the rating weighted by its number of reviews; Least Popular the opposite', async () => {
    const top = await allResults('order=topRated');
    for (let i = 1; i < top.length; i++) {
      const [a, b] = [
        popularity(top[i - 1]!.rating, top[i - 1]!.numReviews),
        popularity(top[i]!.rating, top[i]!.numReviews),
      ];
      expect(a >= b, `${top[i - 1]!.name} before ${top[i]!.name}`).toBe(true);
    }
    const low = await allResults('order=lowRated');
    expect(low.map((c) => c._id)).toEqual(
      [...top]
        .sort(
          (a, b) =>
            popularity(a.rating, a.numReviews) - popularity(b.rating, b.numReviews) || a.numReviews - b.numReviews,
        )
        .map((c) => c._id),
    );
  });

  it('one 5★ review does not outrank many nearly as good: few reviews are pulled towards the prior', async () => {
    const unrated = await t.db.select().from(contents).where(eq(contents.numReviews, 0)).limit(2);
    const [lucky, loved] = [unrated[0]!, unrated[1]!];
    const review = async (contentId: string, rating: number) => {
      const userId = newId();
      await t.db.insert(users).values({ id: userId, name: 'Rater', email: `${userId}@example.com`, passwordHash: 'x' });
      await t.db.insert(reviews).values({ id: newId(), contentId, userId, name: 'Rater', rating, comment: 'rated' });
    };
    await review(lucky.id, 5);
    for (const rating of [5, 5, 5, 5, 5, 5, 5, 4]) await review(loved.id, rating);
    const top = (await allResults('order=topRated')).map((c) => c._id);
    expect(top.indexOf(loved.id)).toBeLessThan(top.indexOf(lucky.id));
    // The plain average is still what a card shows.
    const shown = (await allResults('order=topRated')).find((c) => c._id === lucky.id);
    expect(shown).toMatchObject({ rating: 5, numReviews: 1 });
  });

  it('a search term without an order puts the best match first', async () => {
    const result = await search('searchTerm=odin');
    expect(result.contents[0]!.name).toBe('The Odin Project');
  });

  it('several values in a group match any of them; groups still combine with AND; counts stay right', async () => {
    const has = (d: (typeof demo)[number], label: string) => labelsOf(d.techStack).includes(label);
    const either = await search('techStack=python&techStack=javascript');
    expect(either.countContents).toBe(demoWith((d) => has(d, 'python') || has(d, 'javascript')));
    // An option's count is what it gives with the other groups kept: its own group's choice does not narrow it.
    expect(either.facets.techStack.python).toBe(demoWith((d) => has(d, 'python')));
    expect(either.facets.techStack.sql).toBe(demoWith((d) => has(d, 'sql')));
    const free = await search('techStack=python&techStack=javascript&cost=Free');
    expect(free.countContents).toBe(demoWith((d) => (has(d, 'python') || has(d, 'javascript')) && d.cost === 'Free'));
    expect(free.facets.cost.Paid).toBe(
      demoWith((d) => (has(d, 'python') || has(d, 'javascript')) && d.cost === 'Paid'),
    );
    expect(free.filters.techStack).toBe('javascript,python');
    // An unknown value among known ones is left out, as a lone unknown value always was.
    expect((await search('techStack=python&techStack=no-such-tag')).filters.techStack).toBe('python');
  });

  it('a tag is searched by its label: a resource tagged Docker is found by "docker" though its text never says it', async () => {
    const tagged = demo.filter((d) => d.techStack.includes('Docker') && !/docker/i.test(`${d.name} ${d.description}`));
    expect(tagged.length).toBeGreaterThan(0);
    for (const word of ['docker', 'kubernetes']) {
      const found = (await allResults(`searchTerm=${word}`)).map((c) => c.name);
      for (const d of tagged) expect(found, word).toContain(d.name);
    }
  });

  it('a word in the name ranks above the same word only in the tags', async () => {
    const [first] = (await search('searchTerm=python')).contents;
    expect(first!.name).toMatch(/python/i);
  });
});

describe('pagination', () => {
  it(`pages hold ${PAGE_SIZE} results, the last one the rest`, async () => {
    const first = await search('');
    expect(first.pages).toBe(Math.ceil(demo.length / PAGE_SIZE));
    expect(first.contents).toHaveLength(PAGE_SIZE);
    const last = await search(`page=${first.pages}`);
    expect(last.contents).toHaveLength(demo.length - (first.pages - 1) * PAGE_SIZE);
  });

  it('a page past the last shows the last page', async () => {
    const result = await search('page=9999');
    expect(result.page).toBe(result.pages);
    expect(result.contents.length).toBeGreaterThan(0);
  });

  it('pages do not overlap and together hold every content once', async () => {
    const ids = (await allResults('')).map((c) => c._id);
    expect(new Set(ids).size).toBe(demo.length);
  });

  it('no results: page 1 of 1, count 0', async () => {
    const result = await search('searchTerm=zzzqqqxxx');
    expect(result).toMatchObject({ contents: [], page: 1, pages: 1, countContents: 0 });
  });
});

describe('facets', () => {
  it('count, for every option, the results it would give with the other filters kept', async () => {
    const query = 'techStack=javascript&cost=Free';
    const { facets } = await search(query);
    for (const value of ['web-development', 'software-engineering', 'data-science']) {
      expect(facets.category[value]).toBe((await search(`${query}&category=${value}`)).countContents);
    }
    // The techStack group leaves its own filter out: it counts as if another technology were chosen.
    expect(facets.techStack.python).toBe((await search('techStack=python&cost=Free')).countContents);
    expect(facets.cost.Paid).toBe((await search('techStack=javascript&cost=Paid')).countContents);
    expect(facets.hasCert.true + facets.hasCert.false).toBe((await search(query)).countContents);
    expect(facets.rating['1']).toBe((await search(`${query}&rating=1`)).countContents);
  });

  it('without filters, come from the catalog-wide totals and match a count', async () => {
    const { facets } = await search('');
    expect(facets.category['web-development']).toBe((await search('category=web-development')).countContents);
    expect(facets.techStack.flutter).toBe((await search('techStack=flutter')).countContents);
    expect(facets.cost.Paid).toBe((await search('cost=Paid')).countContents);
    expect(facets.hasCert.true).toBe((await search('hasCert=true')).countContents);
    expect(facets.rating['3']).toBe((await search('rating=3')).countContents);
  });

  it('with one filter: its own group counts the whole catalog, the others the filtered rows', async () => {
    const { facets } = await search('type=podcasts');
    expect(facets.type['online-courses']).toBe((await search('type=online-courses')).countContents);
    expect(facets.category['software-engineering']).toBe(
      (await search('type=podcasts&category=software-engineering')).countContents,
    );
    expect(facets.cost.Free).toBe((await search('type=podcasts&cost=Free')).countContents);
    expect(facets.rating['1']).toBe((await search('type=podcasts&rating=1')).countContents);
  });

  it('follow the search term', async () => {
    const { facets, countContents } = await search('searchTerm=python');
    expect(facets.cost.Free! + facets.cost.Paid! + facets.cost['Free/Paid']!).toBe(countContents);
  });
});

describe('full-text search', () => {
  it('finds words in the name, description and tag labels', async () => {
    expect((await search('searchTerm=odin')).countContents).toBeGreaterThan(0);
    expect((await allResults('searchTerm=podcasts')).length).toBeGreaterThanOrEqual(
      demoWith((d) => d.type.includes('Podcasts')),
    );
  });

  it('matches the last word as a prefix, as people type', async () => {
    const partial = await search('searchTerm=pyth');
    expect(partial.countContents).toBeGreaterThan(0);
    expect(partial.countContents).toBe((await search('searchTerm=python')).countContents);
  });

  it('falls back to the closest words on a near miss', async () => {
    const result = await search('searchTerm=javscript');
    expect(result.correctedTerm).toBe('javascript');
    expect(result.countContents).toBeGreaterThan(0);
    expect(result.contents.some((c) => /javascript/i.test(c.name + c.description))).toBe(true);
  });

  it.each([
    '"',
    '""',
    "'",
    'AND',
    'OR NOT',
    '*',
    '-',
    '()',
    '(((',
    'NEAR(a b)',
    'name:python',
    '^python',
    'python AND',
    '🚀🔥',
    '😀 python',
    "'; DROP TABLE contents; --",
    '%',
    '_',
    '\\',
    '\u0000',
    'x'.repeat(5000),
    'a '.repeat(2500),
  ])('survives %j', async (term) => {
    const result = await search(`searchTerm=${encodeURIComponent(term)}`);
    expect(Array.isArray(result.contents)).toBe(true);
  });
});

describe('filter lists and content pages', () => {
  it('list only the options some content carries, with costs as strings', async () => {
    const filters = await listFilters(t.db);
    const distinct = (kind: 'category' | 'techStack' | 'type') => new Set(demo.flatMap((d) => d[kind])).size;
    expect(filters.categories.length).toBe(distinct('category'));
    expect(filters.techStacks.length).toBe(distinct('techStack'));
    expect(filters.types.length).toBe(distinct('type'));
    expect(filters.costs).toEqual(['Free', 'Paid', 'Free/Paid']);
    expect(filters.categories[0]).toEqual({ label: expect.any(String), value: expect.any(String) });
  });

  it('a content page lists its reviews newest first', async () => {
    const [row] = await t.db.select().from(contents).where(eq(contents.numReviews, 2)).limit(1);
    const page = await getContentBySlug(t.db, row!.slug);
    expect(page.reviews).toHaveLength(2);
    expect(page.reviews[0]!.createdAt >= page.reviews[1]!.createdAt).toBe(true);
    expect(Object.keys(page.reviews[0]!).sort()).toEqual([
      '_id',
      'comment',
      'createdAt',
      'finished',
      'helpful',
      'name',
      'rating',
    ]);
  });

  it('an unknown slug is NOT_FOUND', async () => {
    await expect(getContentBySlug(t.db, 'no-such-thing')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(getContentBySlug(t.db, '../../etc/passwd')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('a new review shows at once, through the cache', async () => {
    const [row] = await t.db.select().from(contents).where(eq(contents.numReviews, 0)).limit(1);
    const before = await getContentBySlug(t.db, row!.slug);
    await search(`searchTerm=${encodeURIComponent(row!.name)}`);
    const userId = newId();
    await t.db.insert(users).values({ id: userId, name: 'Fresh', email: `${userId}@example.com`, passwordHash: 'x' });
    await t.db
      .insert(reviews)
      .values({ id: newId(), contentId: row!.id, userId, name: 'Fresh', rating: 5, comment: 'new' });
    const after = await getContentBySlug(t.db, row!.slug);
    expect(before.reviews).toHaveLength(0);
    expect(after).toMatchObject({ numReviews: 1, rating: 5 });
    expect(after.reviews[0]!.comment).toBe('new');
  });
});

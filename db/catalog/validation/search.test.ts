import { describe, expect, it } from 'vitest';
import { parseSearchParams, refusedSearchParams, searchQueryString } from './search.ts';

const parse = (query: string) => parseSearchParams(new URLSearchParams(query));

describe('search parameters', () => {
  it('default to all, newest first, page 1', () => {
    expect(parse('')).toEqual({
      searchTerm: '',
      category: 'all',
      techStack: 'all',
      type: 'all',
      level: 'all',
      language: 'all',
      cost: 'all',
      hasCert: 'all',
      rating: 'all',
      duration: 'all',
      provider: 'all',
      order: 'latest',
      page: 1,
    });
  });

  it('take the words as most search boxes send them, q, when searchTerm names none', () => {
    expect(parse('q=learn+python&level=beginner')).toMatchObject({ searchTerm: 'learn python', level: 'beginner' });
    expect(searchQueryString(parse('q=python'))).toBe(searchQueryString(parse('searchTerm=python')));
    expect(parse('searchTerm=rust&q=python').searchTerm).toBe('rust');
  });

  it('order by relevance when a term is searched and no order chosen', () => {
    expect(parse('searchTerm=python').order).toBe('relevance');
    expect(parse('searchTerm=python&order=oldest').order).toBe('oldest');
  });

  it.each([
    ['page=0', 'page', 1],
    ['page=-3', 'page', 1],
    ['page=abc', 'page', 1],
    ['page=2.5', 'page', 1],
    ['rating=9', 'rating', 'all'],
    ['rating=0', 'rating', 'all'],
    ['order=bogus', 'order', 'latest'],
    // A tag value is kept as typed; the catalog ignores one it has no tag for (db/catalog/catalog-reads.test.ts).
    ['category=underwater-basket-weaving', 'category', 'underwater-basket-weaving'],
    ['cost=cheap', 'cost', 'all'],
    ['hasCert=maybe', 'hasCert', 'all'],
    ['searchTerm=all', 'searchTerm', ''],
    ['order=newest', 'order', 'latest'],
  ] as const)('%s is ignored (normalised to the default)', (query, key, expected) => {
    expect(parse(query)[key]).toBe(expected);
  });

  it('accept every valid value', () => {
    expect(
      parse(
        'category=web-development&techStack=python&type=online-courses&level=beginner&cost=Free/Paid&hasCert=true&rating=4&duration=under-10&provider=harvard-university&order=topRated&page=3',
      ),
    ).toEqual({
      searchTerm: '',
      category: 'web-development',
      techStack: 'python',
      type: 'online-courses',
      level: 'beginner',
      language: 'all',
      cost: 'Free/Paid',
      hasCert: 'true',
      rating: 4,
      duration: 'under-10',
      provider: 'harvard-university',
      order: 'topRated',
      page: 3,
    });
  });

  it('take a level by its value or its label, in any case; empty or all is no filter', () => {
    expect(parse('level=intermediate').level).toBe('intermediate');
    expect(parse('level=All%20levels').level).toBe('all-levels');
    expect(parse('level=ADVANCED').level).toBe('advanced');
    expect(parse('level=').level).toBe('all');
    expect(parse('level=all').level).toBe('all');
    expect(refusedSearchParams(parse('level=beginner'))).toEqual({});
  });

  it('keep a level that names none of the levels, for the search to refuse it saying which there are', () => {
    const params = parse('level=expert');
    expect(params.level).toBe('expert');
    expect(refusedSearchParams(params)).toEqual({
      level:
        "Unknown level 'expert': use one of beginner, intermediate, advanced, all-levels (or leave it empty for any)",
    });
    // Its own address, so a refusal is never served in place of a search that runs.
    expect(searchQueryString(params)).toBe('?level=expert');
  });

  it('cut a value too long to be one of ours one past the longest: it names nothing, never no filter', () => {
    expect(parse(`techStack=${'x'.repeat(5000)}`).techStack).toBe('x'.repeat(101));
    expect(parse(`category=web-development,${'x'.repeat(5000)}`).category).toBe(`web-development,${'x'.repeat(101)}`);
    expect(refusedSearchParams(parse(`level=${'x'.repeat(5000)}`))).toEqual({
      level: expect.stringContaining(`'${'x'.repeat(101)}'`),
    });
    expect(parse(`cost=${'x'.repeat(5000)}`).cost).toBe('all');
    expect(parse(`type=${'a'.repeat(100)}😀`).type).toBe(`${'a'.repeat(100)}😀`);
  });

  it('cut a huge search term', () => {
    expect(parse(`searchTerm=${'a'.repeat(5000)}`).searchTerm).toHaveLength(200);
  });

  it('drop invisible and control characters from the term, and never cut an emoji in half', () => {
    expect(parse('searchTerm=%00py%E2%80%8Bthon%0Abasics').searchTerm).toBe('python basics');
    expect(parse('searchTerm=%00%E2%80%AE').searchTerm).toBe('');
    expect(parse(`searchTerm=${'a'.repeat(199)}😀`).searchTerm).toBe('a'.repeat(199));
  });

  it('round-trip through the canonical query string', () => {
    const params = parse('category=data-science&rating=3&order=lowRated&page=2&searchTerm=sql');
    expect(parseSearchParams(new URLSearchParams(searchQueryString(params)))).toEqual(params);
    expect(searchQueryString(parse(''))).toBe('');
  });

  it('keep an explicit "latest" when a term would otherwise order by relevance', () => {
    expect(searchQueryString(parse('searchTerm=sql&order=latest'))).toBe('?searchTerm=sql&order=latest');
    expect(searchQueryString(parse('searchTerm=sql'))).toBe('?searchTerm=sql');
    expect(searchQueryString(parse('order=latest'))).toBe('');
  });
});

describe('several values in one group', () => {
  it('are read from repeated parameters or commas, kept sorted and once each', () => {
    expect(parse('techStack=python&techStack=javascript').techStack).toBe('javascript,python');
    expect(parse('techStack=python,javascript').techStack).toBe('javascript,python');
    expect(parse('techStack=python&techStack=python,all,&techStack=').techStack).toBe('python');
    expect(parse('cost=Paid&cost=free&cost=cheap').cost).toBe('Free,Paid');
    expect(parse('level=beginner&level=Advanced').level).toBe('advanced,beginner');
    // A plain object (an API client's parsed query) may hold them as an array.
    expect(parseSearchParams({ category: ['web-development', 'data-science'] }).category).toBe(
      'data-science,web-development',
    );
  });

  it('keep at most ten; a single value reads as it always did', () => {
    const many = Array.from({ length: 15 }, (_, i) => `techStack=t${String(i).padStart(2, '0')}`).join('&');
    expect(parse(many).techStack.split(',')).toHaveLength(10);
    expect(parse('category=web-development').category).toBe('web-development');
    // Steps and sides take one value: the first.
    expect(parse('rating=4&rating=2').rating).toBe(4);
  });

  it('are written back as repeated parameters', () => {
    expect(searchQueryString(parse('techStack=python,javascript&cost=Free'))).toBe(
      '?techStack=javascript&techStack=python&cost=Free',
    );
  });

  it('an unknown value among known ones of a refusing facet is named', () => {
    expect(refusedSearchParams(parse('level=beginner&level=expert'))).toEqual({
      level: expect.stringContaining("'expert'"),
    });
    expect(refusedSearchParams(parse('level=beginner&level=advanced'))).toEqual({});
  });
});

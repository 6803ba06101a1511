import { describe, expect, it } from 'vitest';
import { parseSearchParams } from '#db/catalog/validation/search.ts';
import { CATEGORIES, COSTS, MATERIAL_TYPES, TECH_STACKS } from '#db/catalog/taxonomy.ts';
import {
  carriedParams,
  filterChips,
  filterGroups,
  keptFilters,
  searchDescription,
  searchHeading,
  searchHref,
  searchTitle,
  showResultsLabel,
  suggestedChips,
  withParam,
  type FilterLists,
} from './search-page.ts';

const params = (query: string) => parseSearchParams(new URLSearchParams(query));
/** The filters answer, with no content carrying a level or language yet. */
const lists = {
  categories: CATEGORIES.slice(0, 3),
  techStacks: TECH_STACKS.slice(0, 3),
  types: MATERIAL_TYPES.slice(0, 2),
  costs: COSTS,
} as unknown as FilterLists;

describe('withParam', () => {
  it('sets one parameter, keeps the others and goes back to page 1', () => {
    expect(withParam(params('category=web-development&order=oldest&page=3'), 'techStack', 'python')).toBe(
      '/search?category=web-development&techStack=python&order=oldest',
    );
  });

  it('keeps an explicit Latest Added when a term is searched (there the default is Best Match)', () => {
    expect(withParam(params('searchTerm=sql&order=latest'), 'cost', 'Free')).toBe(
      '/search?searchTerm=sql&cost=Free&order=latest',
    );
    expect(searchHref({ ...params('searchTerm=sql&order=latest'), page: 2 })).toBe(
      '/search?searchTerm=sql&order=latest&page=2',
    );
    expect(searchHref(params('searchTerm=sql'))).toBe('/search?searchTerm=sql');
  });

  it("'all' removes a filter; removing everything is plain /search", () => {
    expect(withParam(params('cost=Free'), 'cost', 'all')).toBe('/search');
  });
});

describe('filterGroups', () => {
  const filters = params('category=data-science&rating=4');
  const facets = { category: { 'data-science': 7, 'software-engineering': 3 }, rating: { '4': 7 } };
  const groups = filterGroups(lists, filters, facets);

  it('has the groups of the sidebar in order', () => {
    expect(groups.map((g) => g.title)).toEqual([
      'Subjects',
      'Technologies',
      'Content Types',
      'Level',
      'Language',
      'Costs',
      'Provider',
      'Duration',
      'Avg Reviews',
      'Certification',
    ]);
  });

  it('gives every option its count (0 when the facets do not say), its link and whether it is applied', () => {
    const subjects = groups[0]!;
    expect(subjects.active).toBe(true);
    expect(subjects.options.map((o) => [o.label, o.count, o.active])).toEqual([
      ['Software Engineering', 3, false],
      ['Data Science', 7, true],
      ['Cybersecurity', 0, false],
    ]);
    // Another subject joins the applied one (any of them); the applied one's link takes it out.
    expect(subjects.options[0]!.href).toBe('/search?category=data-science&category=software-engineering&rating=4');
    expect(subjects.options[1]!.href).toBe('/search?rating=4');
    expect(subjects.anyHref).toBe('/search?rating=4');
    // A step replaces the applied one.
    expect(groups.find((g) => g.key === 'rating')!.options[1]!.href).toBe('/search?category=data-science&rating=3');
  });

  it('with two subjects applied, both are marked, and each link takes out only itself', () => {
    const subjects = filterGroups(lists, params('category=data-science&category=software-engineering'), {})[0]!;
    expect(subjects.options.filter((o) => o.active).map((o) => o.label)).toEqual([
      'Software Engineering',
      'Data Science',
    ]);
    expect(subjects.options[0]!.href).toBe('/search?category=data-science');
    expect(
      filterChips(params('category=data-science&category=software-engineering'), lists).map((chip) => [
        chip.label,
        chip.href,
      ]),
    ).toEqual([
      ['Subject: Data Science', '/search?category=software-engineering'],
      ['Subject: Software Engineering', '/search?category=data-science'],
    ]);
    expect(
      searchHeading(params('category=data-science&category=software-engineering&level=beginner&level=advanced'), lists),
    ).toBe('Data Science or Software Engineering resources at advanced or beginner level');
  });

  it('offers 4, 3, 2 and 1 stars & up', () => {
    const ratings = groups.find((g) => g.key === 'rating')!;
    expect(ratings.options.map((o) => o.label)).toEqual([
      '4 stars & up',
      '3 stars & up',
      '2 stars & up',
      '1 star & up',
    ]);
    expect(ratings.options[0]!.active).toBe(true);
  });

  it('still lists an applied value that no content carries, so it can be removed', () => {
    const subjects = filterGroups(lists, params('category=machine-learning'), {})[0]!;
    expect(subjects.options.at(-1)).toMatchObject({ label: 'Machine Learning', active: true, count: 0 });
  });
});

describe('filterChips', () => {
  it('names every applied filter and links to the search without it', () => {
    expect(filterChips(params('searchTerm=sql&techStack=python&cost=Free&hasCert=true&rating=3'))).toEqual([
      { key: 'searchTerm', label: 'Search: sql', href: '/search?techStack=python&cost=Free&hasCert=true&rating=3' },
      { key: 'techStack', label: 'Technology: Python', href: '/search?searchTerm=sql&cost=Free&hasCert=true&rating=3' },
      { key: 'cost', label: 'Cost: Free', href: '/search?searchTerm=sql&techStack=python&hasCert=true&rating=3' },
      {
        key: 'rating',
        label: 'Rating: 3 stars & up',
        href: '/search?searchTerm=sql&techStack=python&cost=Free&hasCert=true',
      },
      {
        key: 'hasCert',
        label: 'Certification: With certificate',
        href: '/search?searchTerm=sql&techStack=python&cost=Free&rating=3',
      },
    ]);
  });

  it('is empty for a plain search', () => {
    expect(filterChips(params(''))).toEqual([]);
  });
});

describe('suggestedChips', () => {
  it('offers each filter the words name as a link that adds it to the search, back on page 1', () => {
    const suggested = [
      { key: 'cost', value: 'Free', label: 'Free' },
      { key: 'techStack', value: 'python', label: 'Python' },
      { key: 'hasCert', value: 'true', label: 'With certificate' },
    ];
    expect(
      suggestedChips(params('searchTerm=free+python+certificate&category=data-science&order=oldest&page=2'), suggested),
    ).toEqual([
      {
        key: 'cost',
        label: 'Filter: Free',
        href: '/search?searchTerm=free+python+certificate&category=data-science&cost=Free&order=oldest',
      },
      {
        key: 'techStack',
        label: 'Filter: Python',
        href: '/search?searchTerm=free+python+certificate&category=data-science&techStack=python&order=oldest',
      },
      {
        key: 'hasCert',
        label: 'Filter: With certificate',
        href: '/search?searchTerm=free+python+certificate&category=data-science&hasCert=true&order=oldest',
      },
    ]);
  });

  it('is empty when the words name nothing', () => {
    expect(suggestedChips(params('searchTerm=quokka'), [])).toEqual([]);
  });
});

describe('searchHeading and searchTitle', () => {
  it('says what the results are', () => {
    expect(searchHeading(params(''))).toBe('All learning resources');
    expect(searchHeading(params('techStack=python'))).toBe('Python resources');
    expect(searchHeading(params('cost=Free&category=web-development&techStack=javascript'))).toBe(
      'Free Web Development, JavaScript resources',
    );
    expect(searchHeading(params('rating=4'))).toBe('Learning resources rated 4 stars & up');
    expect(searchHeading(params('searchTerm=sql'))).toBe('Results for “sql”');
    expect(searchHeading(params('searchTerm=sql&category=data-science'))).toBe(
      'Results for “sql” in Data Science resources',
    );
  });

  it('numbers the pages after the first', () => {
    expect(searchTitle(params('techStack=python'))).toBe('Python resources');
    expect(searchTitle(params('techStack=python&page=2'))).toBe('Python resources, page 2');
  });
});

describe('searchDescription', () => {
  it('counts the results', () => {
    expect(searchDescription(params('techStack=python'), 1)).toContain('Python resources: 1 curated website');
    expect(searchDescription(params('techStack=python'), 0)).toContain('no matches');
  });
});

describe('carriedParams', () => {
  it('carries every parameter but the order and the page', () => {
    expect(carriedParams(params('searchTerm=a b&cost=Free&order=oldest&page=4'))).toEqual([
      ['searchTerm', 'a b'],
      ['cost', 'Free'],
    ]);
  });
});

describe('keptFilters', () => {
  it('keeps the filters, several values of one in the order links give them, and leaves the words, order and page', () => {
    expect(
      keptFilters(
        params('searchTerm=a b&techStack=python&techStack=javascript&provider=Harvard University&order=oldest&page=4'),
      ),
    ).toEqual([
      ['techStack', 'javascript'],
      ['techStack', 'python'],
      ['provider', 'Harvard University'],
    ]);
    expect(keptFilters(params('searchTerm=a'))).toEqual([]);
  });
});

describe('showResultsLabel', () => {
  it('counts the results the filters chosen in the drawer give', () => {
    expect([0, 1, 12].map(showResultsLabel)).toEqual(['Show 0 results', 'Show 1 result', 'Show 12 results']);
  });
});

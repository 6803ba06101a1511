import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/setup/db.ts';
import { seedDemo } from '../../maintenance/seed/demo.ts';
import { searchContents } from '../catalog-reads.ts';
import { listTags } from '../tags/tags.ts';
import { perTagKind } from '../taxonomy.ts';
import { parseSearchParams } from '../validation/search.ts';
import { facetsNamedBy, suggestedFilters, type ActiveTags } from './query-facets.ts';

let t: TestDb;
/** The real taxonomy: the tag rows a migrated database holds. */
let tags: ActiveTags;
beforeAll(async () => {
  t = await createTestDb();
  tags = await listTags(t.db);
});
afterAll(() => t.close());

/** What a query names, as `key:value`. */
const named = (query: string, lists: ActiveTags = tags) =>
  facetsNamedBy(query, lists).map(({ key, value }) => `${key}:${value}`);

describe('facetsNamedBy', () => {
  it('follows the tags in lists read afresh: the same tags as before name the same, a tag renamed names by its new label', () => {
    const copy = (lists: ActiveTags): ActiveTags => perTagKind((kind) => lists[kind].map((tag) => ({ ...tag })));
    expect(named('python', copy(tags))).toEqual(['techStack:python']);
    const renamed = copy(tags);
    (renamed.techStack.find((tag) => tag.value === 'python') as { label: string }).label = 'Pythonic';
    expect(named('pythonic', renamed)).toEqual(['techStack:python']);
    expect(named('pythonic', copy(tags))).toEqual([]);
  });

  it('names each filter a query holds, with its label and the words that named it, in query order', () => {
    expect(facetsNamedBy('Free Python course for beginners', tags)).toEqual([
      { key: 'cost', value: 'Free', label: 'Free', words: ['free'] },
      { key: 'techStack', value: 'python', label: 'Python', words: ['python'] },
      { key: 'type', value: 'online-courses', label: 'Online Courses', words: ['course'] },
      { key: 'level', value: 'beginner', label: 'Beginner', words: ['beginners'] },
    ]);
  });

  it('reads a label’s words consecutively, in any case, singular or plural, apart or run together', () => {
    expect(named('MACHINE LEARNING')).toEqual(['category:machine-learning']);
    expect(named('online course')).toEqual(['type:online-courses']);
    expect(named('podcast')).toEqual(['type:podcasts']);
    expect(named('java script')).toEqual(['techStack:javascript']);
    expect(named('machine for learning')).toEqual([]);
    expect(named('data')).toEqual([]);
    expect(named('python classes')).toEqual(['techStack:python']);
  });

  it('takes the longest name: "javascript" is not Java, "machine learning" is one subject', () => {
    expect(named('javascript')).toEqual(['techStack:javascript']);
    expect(named('machine learning with java')).toEqual(['category:machine-learning', 'techStack:java']);
  });

  it.each([
    ['video', 'type:video-lectures'],
    ['videos', 'type:video-lectures'],
    ['lectures', 'type:video-lectures'],
    ['courses', 'type:online-courses'],
    ['book', 'type:text-based-resources'],
    ['ebooks', 'type:text-based-resources'],
    ['podcasts', 'type:podcasts'],
    ['interactive', 'type:interactive-quizzes'],
    ['exercises', 'type:coding-practice'],
    ['practice', 'type:coding-practice'],
    ['free', 'cost:Free'],
    ['paid', 'cost:Paid'],
    ['free/paid', 'cost:Free/Paid'],
    ['beginner', 'level:beginner'],
    ['newbie', 'level:beginner'],
    ['intro', 'level:beginner'],
    ['introduction', 'level:beginner'],
    ['basics', 'level:beginner'],
    ['intermediate', 'level:intermediate'],
    ['advanced', 'level:advanced'],
    ['certificate', 'hasCert:true'],
    ['certification', 'hasCert:true'],
    ['certified', 'hasCert:true'],
    ['spanish', 'language:es'],
    ['golang', 'techStack:go'],
    ['js', 'techStack:javascript'],
  ])('%s names %s', (word, option) => {
    expect(named(`learn ${word} today`)).toEqual([option]);
  });

  it('a label wins over a word people type for something else: "mooc" is the MOOC type, which exists', () => {
    expect(named('mooc')).toEqual(['type:mooc']);
    const withoutMooc = { ...tags, type: tags.type.filter((tag) => tag.value !== 'mooc') };
    expect(named('mooc', withoutMooc)).toEqual(['type:online-courses']);
  });

  it('keeps the symbols of c++, c#, node.js and .net', () => {
    expect(named('c++')).toEqual(['techStack:c++']);
    expect(named('C#')).toEqual(['techStack:c#']);
    expect(named('c')).toEqual(['techStack:c']);
    expect(named('node.js')).toEqual(['techStack:node.js']);
    expect(named('nodejs')).toEqual(['techStack:node.js']);
    expect(named('html/css')).toEqual(['techStack:html/css']);
    expect(named('.net')).toEqual([]);
    const withDotnet = { ...tags, techStack: [...tags.techStack, { label: '.NET', value: '.net' }] };
    expect(named('ASP on .NET', withDotnet)).toEqual(['techStack:.net']);
    expect(named('net', withDotnet)).toEqual([]);
  });

  it('a label that is a stopword is not named by that word alone', () => {
    expect(named('where to go next')).toEqual([]);
    const withIt = { ...tags, category: [...tags.category, { label: 'IT', value: 'it' }] };
    expect(named('learn it fast', withIt)).toEqual([]);
  });

  it('names only what exists: a word for a type no tag has names nothing', () => {
    const noPodcasts = { ...tags, type: tags.type.filter((tag) => tag.value !== 'podcasts') };
    expect(named('podcast', noPodcasts)).toEqual([]);
    expect(named('python', { ...tags, techStack: [] })).toEqual([]);
  });

  it('"without certificate" is the flag’s other side, not a certificate', () => {
    expect(named('course without certificate')).toEqual(['type:online-courses', 'hasCert:false']);
  });

  it('names each option once, gathering its words, and at most five', () => {
    expect(facetsNamedBy('python py python3', tags)).toEqual([
      { key: 'techStack', value: 'python', label: 'Python', words: ['python', 'py', 'python3'] },
    ]);
    expect(named('free python java ruby php rust swift')).toEqual([
      'cost:Free',
      'techStack:python',
      'techStack:java',
      'techStack:ruby',
      'techStack:php',
    ]);
  });

  it('names nothing in no words', () => {
    expect(named('')).toEqual([]);
    expect(named('  %% !! ')).toEqual([]);
  });
});

describe('suggestedFilters', () => {
  const params = (query: string) => parseSearchParams(new URLSearchParams(query));
  const counts = {
    cost: { Free: 4, Paid: 0 },
    techStack: { python: 3 },
    type: { 'online-courses': 2 },
    hasCert: { true: 1, false: 3 },
  };

  it('offers what the words name that the search does not filter on and that leaves a result', () => {
    const answer = suggestedFilters(params('searchTerm=python+course+free+or+paid'), counts as never, tags);
    expect(answer).toEqual([
      { key: 'techStack', value: 'python', label: 'Python' },
      { key: 'type', value: 'online-courses', label: 'Online Courses' },
      { key: 'cost', value: 'Free', label: 'Free' },
    ]);
  });

  it('leaves out a facet the search already filters, whatever its value', () => {
    const answer = suggestedFilters(
      params('searchTerm=free+python+certificate&cost=Paid&techStack=python'),
      counts as never,
      tags,
    );
    expect(answer).toEqual([{ key: 'hasCert', value: 'true', label: 'With certificate' }]);
  });
});

describe('a search’s suggested filters', () => {
  let demo: TestDb;
  beforeAll(async () => {
    demo = await createTestDb();
    await seedDemo(demo.db);
  });
  afterAll(() => demo.close());

  it('are the filters its words name, each leaving some result, and none already applied', async () => {
    const words = await searchContents(demo.db, parseSearchParams({ searchTerm: 'free python course' }));
    expect(words.suggestedFilters.map(({ key, value }) => `${key}:${value}`)).toEqual([
      'cost:Free',
      'techStack:python',
      'type:online-courses',
    ]);
    for (const { key, value } of words.suggestedFilters)
      expect((words.facets as Record<string, Record<string, number>>)[key]![value]).toBeGreaterThan(0);
    const free = await searchContents(demo.db, parseSearchParams({ searchTerm: 'free python course', cost: 'Free' }));
    expect(free.suggestedFilters.map(({ key }) => key)).toEqual(['techStack', 'type']);
  });

  it('are none without words', async () => {
    expect((await searchContents(demo.db, parseSearchParams({ techStack: 'python' }))).suggestedFilters).toEqual([]);
  });
});

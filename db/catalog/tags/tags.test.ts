import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/setup/db.ts';
import { newId } from '../../ids.ts';
import { tags } from '../../schema.ts';
import { CATEGORIES, TECH_STACKS } from '../taxonomy.ts';
import { parseSearchParams } from '../validation/search.ts';
import { contentInput } from '../validation/contents.ts';
import { searchContents } from '../catalog-reads.ts';
import { insertContentStatements } from '../content-rows.ts';
import { listTags, settleAdminTags } from './tags.ts';

let t: TestDb;
beforeAll(async () => (t = await createTestDb()));
afterAll(() => t.close());

describe('tags as rows', () => {
  it('are seeded with docs/product.md#what-is-stored’s lists first, then the tags a CS directory needs', async () => {
    const lists = await listTags(t.db);
    expect(lists.category.slice(0, CATEGORIES.length)).toEqual(CATEGORIES);
    expect(lists.techStack.slice(0, TECH_STACKS.length)).toEqual(TECH_STACKS);
    const tech = lists.techStack.map((tag) => tag.label);
    for (const label of [
      'Go',
      'Rust',
      'C',
      'C++',
      'C#',
      'SQL',
      'Kotlin',
      'Swift',
      'R',
      'React',
      'Docker',
      'Kubernetes',
    ])
      expect(tech).toContain(label);
    expect(lists.category.map((tag) => tag.label)).toEqual(
      expect.arrayContaining(['Cloud', 'DevOps', 'Mobile Development', 'Computer Science Fundamentals', 'Algorithms']),
    );
    expect(lists.type.map((tag) => tag.label)).toEqual(expect.arrayContaining(['MOOC', 'Coding Practice']));
  });

  it('a content may carry any tag of the rows, stored with the row’s label; one named as a client types it is folded onto ours', async () => {
    const data = contentInput.parse({
      name: 'Tour of Go',
      slug: 'tour-of-go',
      url: 'https://go.dev/tour',
      description: 'Go in the browser.',
      techStack: ['go', 'c++'],
    });
    expect((await settleAdminTags(t.db, data)).data.techStack).toEqual([
      { label: 'Go', value: 'go' },
      { label: 'C++', value: 'c++' },
    ]);
    // What react-select sends for a typed tag: the label as the value, __isNew__, any case; aliases too.
    const typed = contentInput.parse({
      ...data,
      techStack: [
        { label: 'Go', value: 'Go', __isNew__: true },
        { label: 'golang', value: 'golang' },
        'RUST',
        { label: 'c#', value: 'C#' },
      ],
    });
    expect(await settleAdminTags(t.db, typed)).toEqual({
      data: expect.objectContaining({
        techStack: [
          { label: 'Go', value: 'go' },
          { label: 'Rust', value: 'rust' },
          { label: 'C#', value: 'c#' },
        ],
      }),
      created: [],
    });
  });

  it('a tag that matches none is new: the admin’s write creates it (once), and what cannot be a tag is refused by name', async () => {
    const data = contentInput.parse({
      name: 'COBOL now',
      slug: 'cobol-now',
      url: 'https://cobol.example.org/',
      description: 'x',
      techStack: [{ label: 'COBOL', value: 'COBOL', __isNew__: true }, 'cobol'],
    });
    expect(await settleAdminTags(t.db, data)).toEqual({
      data: expect.objectContaining({ techStack: [{ label: 'COBOL', value: 'cobol' }] }),
      created: [{ kind: 'techStack', tag: { label: 'COBOL', value: 'cobol' } }],
    });
    // A tag the same write creates already (an approval's proposal) is not created twice.
    expect(
      (await settleAdminTags(t.db, data, [{ kind: 'techStack', tag: { label: 'COBOL', value: 'cobol' } }])).created,
    ).toEqual([]);
    expect(() => contentInput.parse({ ...data, techStack: ['!!!'] })).toThrow(
      "'!!!' cannot be a techStack: a tag needs a letter or a digit",
    );
    expect(() => contentInput.parse({ ...data, techStack: ['x'.repeat(101)] })).toThrow('at most 100 characters');
  });

  it('filters and counts work past 32 tags of a kind (the old bit masks stopped there)', async () => {
    const extra = Array.from({ length: 60 }, (_, i) => ({
      kind: 'category' as const,
      value: `topic-${i}`,
      label: `Topic ${i}`,
    }));
    await t.db.insert(tags).values(extra);
    const lists = await listTags(t.db);
    expect(lists.category.length).toBeGreaterThan(64);
    // Contents on the 60th new tag and on one of the first.
    for (let i = 0; i < 5; i++) {
      const categories =
        i < 3
          ? [{ label: 'Topic 59', value: 'topic-59' }]
          : [
              { label: 'Topic 0', value: 'topic-0' },
              { label: 'Topic 59', value: 'topic-59' },
            ];
      const { data } = await settleAdminTags(
        t.db,
        contentInput.parse({
          name: `Topic course ${i}`,
          slug: `topic-course-${i}`,
          url: `https://topics-${i}.example.org/`,
          description: 'x',
          category: categories,
        }),
      );
      await t.db.batch(insertContentStatements(t.db, newId(), data));
    }
    const result = await searchContents(t.db, parseSearchParams({ category: 'topic-59' }));
    expect(result.countContents).toBe(5);
    expect(result.facets.category['topic-0']).toBe(2);
    expect(result.facets.category['topic-59']).toBe(5);
    expect(
      (await searchContents(t.db, parseSearchParams({ category: 'topic-0' }))).contents.map((c) => c.name).sort(),
    ).toEqual(['Topic course 3', 'Topic course 4']);
  });
});

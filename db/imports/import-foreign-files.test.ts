/** Importing files other directories exported: their wrappers, tags, slugs, images, dates and overlaps with ours. */
import { count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../tests/setup/db.ts';
import { ImportFileError } from './files/read-rows.ts';
import { contentTags, contents, pictureFetches, uploads } from '../schema.ts';
import type { Actor } from '../operations/audit.ts';
import { importCatalog, type ImportOptions } from './catalog-import.ts';
import { TagMapError } from './tag-map.ts';
import { listTags } from '../catalog/tags/tags.ts';

let t: TestDb;
beforeEach(async () => (t = await createTestDb()));
afterEach(() => t.close());

const actor: Actor = { kind: 'cli', name: 'tester' };

async function* chunks(text: string, size = 64): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

const importText = (text: string, options: Partial<ImportOptions> = {}) =>
  importCatalog(t.db, actor, chunks(text), { format: 'json', source: 'test.json', ...options });

const contentCount = async () => (await t.db.select({ n: count() }).from(contents))[0]!.n;

describe('files written elsewhere', () => {
  const foreign = (i: number, fields: Record<string, unknown> = {}) => ({
    name: `Course ${i}`,
    slug: `site.dev-course-${i}`,
    url: `https://course-${i}.example.org/`,
    image: `/images/letters_placeholder/default_${String.fromCharCode(65 + (i % 26))}.png`,
    description: `What course ${i} teaches.`,
    cost: 'free',
    hasCert: 'false',
    ...fields,
  });
  const rowsOf = async () => t.db.select().from(contents).orderBy(contents.seq);

  it('reads the array from {"contents": [...]}, naming each row by its position even when every row is on line 1', async () => {
    const report = await importText(
      JSON.stringify({ total: 3, contents: [foreign(1), foreign(2), { name: 'no url' }], page: 1 }),
    );
    expect(report.rows.map((r) => [r.row, r.line, r.outcome])).toEqual([
      [1, 1, 'created'],
      [2, 1, 'created'],
      [3, 1, 'refused'],
    ]);
  });

  it('a JSON object without such a field is refused whole, naming the fields it has', async () => {
    const error = await importText(JSON.stringify({ results: [foreign(1)] })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportFileError);
    expect((error as Error).message).toBe(
      'line 1: the JSON object holds no array of contents under "contents", "items", "data" or "resources" (its fields: results)',
    );
  });

  it('folds tags onto ours without regard to case or punctuation; an unknown tag is created once and reported', async () => {
    const report = await importText(
      JSON.stringify([
        foreign(1, {
          category: [
            { label: 'web development', value: 'web-development' },
            { label: 'Quantum Computing', value: 'quantum-computing' },
          ],
          techStack: [{ label: 'Php', value: 'php' }, 'nodejs', 'HTML', { label: 'Go', value: 'go' }],
          type: ['online course', 'MOOC'],
        }),
        foreign(2, { category: 'Quantum Computing', techStack: ['C++', 'JAVASCRIPT'] }),
      ]),
    );
    expect(report.counts).toMatchObject({ created: 2, refused: 0 });
    // Go, C++ and MOOC are tags of ours (the seed of the tags table); 'Quantum Computing' is not, and is created.
    expect(report.rows[0]!.warnings).toEqual([
      "image '/images/letters_placeholder/default_B.png' is neither an http(s) URL nor a file of this site: the generated tile is shown instead",
      "slug 'site.dev-course-1' may hold only lowercase letters, digits and single hyphens: stored as 'site-dev-course-1'",
      "new category 'Quantum Computing' created",
    ]);
    expect(report.unknownTags).toEqual([]);
    expect(report.createdTags).toEqual([
      {
        kind: 'category',
        label: 'Quantum Computing',
        value: 'quantum-computing',
        // Offered as a possible mapping: it shares "Compu…" with one of ours.
        near: ['Computer Science Fundamentals'],
      },
    ]);
    expect(report.rows[1]!.warnings ?? []).not.toContain("new category 'Quantum Computing' created");
    expect((await listTags(t.db)).category.map((tag) => tag.label)).toContain('Quantum Computing');
    const [first, second] = await rowsOf();
    expect(first!.category.map((tag) => tag.label)).toEqual(['Web Development', 'Quantum Computing']);
    expect(second!.category.map((tag) => tag.label)).toEqual(['Quantum Computing']);
    expect(first!.techStack.map((tag) => tag.label)).toEqual(['PHP', 'Node.js', 'HTML/CSS', 'Go']);
    expect(first!.type.map((tag) => tag.label)).toEqual(['Online Courses', 'MOOC']);
    expect(second!.techStack.map((tag) => tag.label)).toEqual(['C++', 'JavaScript']);
    expect(await t.db.$count(contentTags, eq(contentTags.contentId, first!.id))).toBe(8);
  });

  it('a placeholder ("Other", "None", "N/A", "Misc") is no tag of any kind; a new tag takes its owner’s spelling', async () => {
    const report = await importText(
      JSON.stringify([
        foreign(1, { category: ['Other', 'Ios Development'], techStack: ['None', 'Sql', 'Mongodb'], type: ['N/A'] }),
        foreign(2, { category: 'misc', techStack: ['Graphql', 'Fastapi', 'Asp.net'], type: ['Other'] }),
      ]),
    );
    expect(report.counts).toMatchObject({ created: 2, refused: 0 });
    const tags = await listTags(t.db);
    for (const kind of ['category', 'techStack', 'type'] as const)
      expect(tags[kind].map((tag) => tag.label).filter((label) => /^(other|none|n\/a|misc)$/i.test(label))).toEqual([]);
    const [first, second] = await rowsOf();
    expect(first!.category.map((tag) => tag.label)).toEqual(['iOS Development']);
    expect(first!.techStack.map((tag) => tag.label)).toEqual(['SQL', 'MongoDB']);
    expect(first!.type).toEqual([]);
    expect(second!.category).toEqual([]);
    expect(second!.techStack.map((tag) => tag.label)).toEqual(['GraphQL', 'FastAPI', 'ASP.NET']);
    // SQL is one of ours already; the others are new, spelled as their owners spell them.
    expect(report.createdTags.map((tag) => tag.label)).toEqual([
      'iOS Development',
      'MongoDB',
      'GraphQL',
      'FastAPI',
      'ASP.NET',
    ]);
  });

  it('a near-duplicate of one of our tags is folded into it', async () => {
    await importText(
      JSON.stringify([foreign(1, { category: ['Data Analysis', 'Software Development'], type: ['Video Courses'] })]),
    );
    const [first] = await rowsOf();
    expect(first!.category.map((tag) => tag.label)).toEqual(['Data Analytics', 'Software Engineering']);
    expect(first!.type.map((tag) => tag.label)).toEqual(['Video Lectures']);
  });

  it('the report announces only the tags it writes: none for a row that is refused or fills a listed content', async () => {
    await importText(JSON.stringify([foreign(1, { category: ['Web Development'] })]));
    const report = await importText(
      JSON.stringify([
        // Listed already: fill takes no file tag.
        foreign(1, { techStack: ['Elm'] }),
        foreign(2, { techStack: ['Zig'] }),
        // The same website again: refused.
        foreign(2, { name: 'Course 2 again', techStack: ['Nim'] }),
      ]),
    );
    expect(report.rows.map((row) => row.outcome)).toEqual(['unchanged', 'created', 'refused']);
    expect(report.createdTags).toEqual([{ kind: 'techStack', label: 'Zig', value: 'zig' }]);
    expect(report.rows.flatMap((row) => row.warnings ?? []).filter((w) => w.startsWith('new '))).toEqual([
      "new techStack 'Zig' created",
    ]);
    expect((await listTags(t.db)).techStack.map((tag) => tag.value)).not.toContain('elm');
  });

  it('--map maps foreign tags onto ours first, null dropping them without a warning', async () => {
    const tagMap = {
      category: { other: null, 'Frontend Development': 'web-development' },
      techstack: { golang: 'Javascript' },
    };
    const report = await importText(
      JSON.stringify([
        foreign(1, { category: ['Other', 'frontend-development'], techStack: [{ label: 'Go', value: 'golang' }] }),
      ]),
      { tagMap },
    );
    expect(report.rows[0]!.warnings?.filter((w) => w.includes('unknown'))).toEqual([]);
    expect(report.unknownTags).toEqual([]);
    const [row] = await rowsOf();
    expect([row!.category, row!.techStack].map((tags) => tags.map((tag) => tag.value))).toEqual([
      ['web-development'],
      ['javascript'],
    ]);
  });

  it('a map onto a tag that is not ours is refused before anything is read', async () => {
    const error = await importText(JSON.stringify([foreign(1)]), {
      tagMap: { category: { frontend: 'frontend-development' } },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TagMapError);
    expect((error as Error).message).toMatch(
      /^category 'frontend' → 'frontend-development' in the map: 'frontend-development' is not one of ours \(software-engineering, /,
    );
    expect(await contentCount()).toBe(0);
  });

  it('with createTags false, a row with an unknown tag is refused with every problem it has', async () => {
    const report = await importText(
      JSON.stringify([
        foreign(1, { techStack: ['Fortran', 'Python'], category: ['Knitting'], cost: 'Cheap', url: 'not a url' }),
        foreign(2, { techStack: ['Python'] }),
      ]),
      { createTags: false },
    );
    expect(report.rows[0]).toMatchObject({
      row: 1,
      outcome: 'refused',
      problems: [
        'Website URL must be a valid http(s) URL',
        'Cost must be one of Free, Paid, Free/Paid',
        "unknown category 'Knitting': map it with --map, or import without --no-create-tags to leave it out",
        "unknown techStack 'Fortran': map it with --map, or import without --no-create-tags to leave it out",
      ],
    });
    expect(report.rows[1]).toMatchObject({ outcome: 'created' });
  });

  it('makes slugs with dots or $ valid, suffixing collisions, with a warning each', async () => {
    const report = await importText(
      JSON.stringify([
        foreign(1, { slug: 'ui.dev-react' }),
        foreign(2, { slug: 'ui.dev$react' }),
        foreign(3, { slug: 'techiedelight$-java' }),
      ]),
    );
    expect(report.rows.map((r) => [r.outcome, r.slug, r.warnings?.at(-1)])).toEqual([
      [
        'created',
        'ui-dev-react',
        "slug 'ui.dev-react' may hold only lowercase letters, digits and single hyphens: stored as 'ui-dev-react'",
      ],
      [
        'created',
        'ui-dev-react-2',
        "slug 'ui.dev$react' may hold only lowercase letters, digits and single hyphens: stored as 'ui-dev-react-2'",
      ],
      [
        'created',
        'techiedelight-java',
        "slug 'techiedelight$-java' may hold only lowercase letters, digits and single hyphens: stored as 'techiedelight-java'",
      ],
    ]);
  });

  it('keeps uploads this site holds and asks for http(s) images; other paths give the generated tile, with a warning', async () => {
    const held = `/uploads/${'a'.repeat(64)}.png`;
    const missing = `/uploads/${'b'.repeat(64)}.png`;
    await t.db.insert(uploads).values({ id: 'a'.repeat(64), mimeType: 'image/png', size: 1, data: Buffer.from([1]) });
    const images = [
      'https://cdn.example.org/a.png',
      held,
      missing,
      '/images/letters_placeholder/default_A.png',
      'images/a.png',
      '//cdn.example.org/a.png',
      '/images/placeholder/x.svg',
      '',
    ];
    const report = await importText(JSON.stringify(images.map((image, i) => foreign(i, { image, slug: `s${i}` }))));
    expect(report.counts).toMatchObject({ created: images.length });
    // Another site's image is fetched and kept here later (db/catalog/pictures.ts): the tile until then.
    expect((await rowsOf()).map((row) => row.image)).toEqual(['', held, '', '', '', '', '', '']);
    expect(
      await t.db.select({ source: pictureFetches.source, outcome: pictureFetches.outcome }).from(pictureFetches),
    ).toEqual([{ source: 'https://cdn.example.org/a.png', outcome: 'pending' }]);
    expect(report.rows.map((r) => r.warnings?.length ?? 0)).toEqual([0, 0, 1, 1, 1, 1, 0, 0]);
    expect(report.rows[2]!.warnings![0]).toBe(
      `image '${missing}' is not an upload of this site (uploads are not part of an export): the generated tile is shown instead`,
    );
  });

  it('keeps createdAt and updatedAt, also in MongoDB’s {"$date": …} form', async () => {
    await importText(
      JSON.stringify([
        foreign(1, { createdAt: '2021-03-04T05:06:07.000Z', updatedAt: '2022-01-01T00:00:00.000Z' }),
        foreign(2, { createdAt: { $date: '2020-01-01T00:00:00.000Z' } }),
      ]),
    );
    const rows = await rowsOf();
    expect(rows.map((row) => [row.createdAt.toISOString(), row.updatedAt.toISOString()])).toEqual([
      ['2021-03-04T05:06:07.000Z', '2022-01-01T00:00:00.000Z'],
      ['2020-01-01T00:00:00.000Z', '2020-01-01T00:00:00.000Z'],
    ]);
  });

  describe('contents already listed', () => {
    const curated = {
      name: 'freeCodeCamp',
      url: 'https://www.freecodecamp.org/',
      description: 'A nonprofit, self-paced curriculum.',
      cost: 'Free',
      hasCert: true,
      category: ['Web Development'],
      techStack: [],
      type: ['Online Courses'],
    };
    const theirs = {
      name: 'Freecodecamp',
      url: 'http://freecodecamp.org',
      slug: 'freecodecamp.org',
      image: 'https://cdn.example.org/fcc.png',
      description: 'Description not available.',
      cost: 'Paid',
      category: [{ label: 'Frontend Development', value: 'frontend-development' }],
      techStack: [{ label: 'Javascript', value: 'javascript' }],
      type: [],
    };
    const stored = async () => (await t.db.select().from(contents))[0]!;

    it('fill (the default) fills only what is empty here, and a second run changes nothing', async () => {
      await importText(JSON.stringify([curated]));
      const before = await stored();
      const report = await importText(JSON.stringify([theirs]));
      expect(report.rows[0]).toMatchObject({
        outcome: 'updated',
        slug: 'freecodecamp',
        // The curator left techStack empty: no file's tag fills it.
        changes: [{ field: 'image', from: '(empty)', to: "'https://cdn.example.org/fcc.png'" }],
      });
      const after = await stored();
      expect(after).toMatchObject({
        name: 'freeCodeCamp',
        slug: 'freecodecamp',
        url: curated.url,
        description: curated.description,
        cost: 'Free',
        hasCert: true,
        createdAt: before.createdAt,
      });
      expect([after.category, after.techStack, after.type].map((tags) => tags.map((tag) => tag.label))).toEqual([
        ['Web Development'],
        [],
        ['Online Courses'],
      ]);
      const again = await importText(JSON.stringify([theirs]));
      expect(again.counts).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
      expect(await stored()).toEqual(after);
    });

    it('fill replaces a placeholder description of ours with a real one', async () => {
      await importText(JSON.stringify([{ ...curated, description: 'No description' }]));
      await importText(JSON.stringify([{ ...theirs, description: 'Learn to code for free.' }]));
      expect((await stored()).description).toBe('Learn to code for free.');
    });

    it('update overwrites with what the row gives, never with an empty value or a placeholder', async () => {
      await importText(JSON.stringify([{ ...curated, image: 'https://example.org/ours.png' }]));
      const report = await importText(
        JSON.stringify([{ ...theirs, image: '/images/letters_placeholder/default_F.png' }]),
        { onExisting: 'update' },
      );
      // Their 'Frontend Development' is a new tag of ours now, so update takes it.
      expect(report.rows[0]!.changes!.map((change) => change.field)).toEqual([
        'name',
        'url',
        'cost',
        'category',
        'techStack',
      ]);
      expect(await stored()).toMatchObject({
        name: 'Freecodecamp',
        slug: 'freecodecamp',
        // Ours, asked for: the tile until it is fetched.
        image: '',
        description: curated.description,
        cost: 'Paid',
        hasCert: true,
      });
      expect((await stored()).category.map((tag) => tag.label)).toEqual(['Frontend Development']);
      expect((await importText(JSON.stringify([theirs]), { onExisting: 'update' })).counts).toMatchObject({
        updated: 1,
      });
      expect((await importText(JSON.stringify([theirs]), { onExisting: 'update' })).counts).toMatchObject({
        updated: 0,
        unchanged: 1,
      });
    });

    it('skip leaves them alone', async () => {
      await importText(JSON.stringify([curated]));
      const before = await stored();
      const report = await importText(JSON.stringify([theirs, foreign(1)]), { onExisting: 'skip' });
      expect(report.rows.map((r) => [r.outcome, r.reason])).toEqual([
        ['skipped', "already listed as 'freeCodeCamp' (--on-existing skip)"],
        ['created', undefined],
      ]);
      expect(await stored()).toEqual(before);
    });
  });
});

import { count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../tests/setup/db.ts';
import { auditLog, contentTags, contents, submissions, uploads } from '../schema.ts';
import { generateSyntheticCatalog } from '../seed/synthetic.ts';
import type { Actor } from './audit.ts';
import { exportCatalogText, importCatalog, ImportFileError, type CatalogFormat, type ImportOptions } from './catalog-io.ts';
import { TagMapError } from './tag-resolver.ts';
import { listTags } from './tags.ts';

let t: TestDb;
beforeEach(async () => (t = await createTestDb()));
afterEach(() => t.close());

const actor: Actor = { kind: 'cli', name: 'tester' };

async function* chunks(text: string, size = 64): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

const importText = (text: string, options: Partial<ImportOptions> = {}) =>
  importCatalog(t.db, actor, chunks(text), { format: 'json', source: 'test.json', ...options });

async function exportText(format: CatalogFormat, pageSize?: number): Promise<string> {
  let text = '';
  for await (const part of exportCatalogText(t.db, format, pageSize ? { pageSize } : {})) text += part;
  return text;
}

const contentCount = async () => (await t.db.select({ n: count() }).from(contents))[0]!.n;

const odin = {
  name: 'The Odin Project',
  url: 'https://www.theodinproject.com/',
  description: 'A free full stack curriculum.',
  cost: 'Free',
  hasCert: false,
  category: ['Web Development', { label: 'Fullstack Development', value: 'fullstack-development' }],
  techStack: ['Javascript'],
  type: ['Online Courses'],
};
const cs50 = { name: 'CS50', url: 'https://cs50.harvard.edu/x/', description: "Harvard's introduction to computer science.", cost: 'Free', hasCert: true };

describe('import', () => {
  it('creates contents with tags from labels or label/value pairs and slugs derived from names', async () => {
    const report = await importText(JSON.stringify([odin, cs50], null, 2));
    expect(report.counts).toMatchObject({ created: 2, updated: 0, unchanged: 0, refused: 0 });
    expect(report.rows).toEqual([
      { row: 1, line: 2, outcome: 'created', name: 'The Odin Project', url: odin.url, slug: 'the-odin-project' },
      { row: 2, line: 22, outcome: 'created', name: 'CS50', url: cs50.url, slug: 'cs50' },
    ]);
    const [row] = await t.db.select().from(contents).where(eq(contents.slug, 'the-odin-project'));
    expect(row).toMatchObject({ urlKey: 'theodinproject.com', tagLabels: 'Web Development Fullstack Development Javascript Online Courses' });
    expect(row!.category).toEqual([
      { label: 'Web Development', value: 'web-development' },
      { label: 'Fullstack Development', value: 'fullstack-development' },
    ]);
    expect(await t.db.$count(contentTags, eq(contentTags.contentId, row!.id))).toBe(4);
  });

  it('a second import of the same file changes nothing', async () => {
    const file = JSON.stringify([odin, cs50]);
    await importText(file);
    const before = await t.db.select().from(contents);
    const again = await importText(file);
    expect(again.counts).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    expect(await t.db.select().from(contents)).toEqual(before);
  });

  it('with --on-existing update, updates the content with the same normalised URL when a field differs, keeping its slug', async () => {
    await importText(JSON.stringify([odin]));
    const report = await importText(JSON.stringify([{ ...odin, url: 'http://theodinproject.com/?utm_source=x', cost: 'Paid' }]), { onExisting: 'update' });
    expect(report.rows[0]).toMatchObject({
      outcome: 'updated',
      slug: 'the-odin-project',
      changes: [
        { field: 'url', from: "'https://www.theodinproject.com/'", to: "'http://theodinproject.com/?utm_source=x'" },
        { field: 'cost', from: "'Free'", to: "'Paid'" },
      ],
    });
    expect(await t.db.select({ cost: contents.cost, url: contents.url }).from(contents)).toEqual([{ cost: 'Paid', url: 'http://theodinproject.com/?utm_source=x' }]);
  });

  it('refuses invalid rows one by one, with their position, line and the API’s messages, and writes the valid ones', async () => {
    const file = `[\n${[odin, { ...cs50, url: 'not a url' }, 'text', { ...cs50, url: 'https://cs50.io', createdAt: 'yesterday' }, cs50].map((r) => JSON.stringify(r)).join(',\n')}\n]`;
    const report = await importText(file);
    expect(report.rows.map((r) => [r.row, r.line, r.outcome, r.reason])).toEqual([
      [1, 2, 'created', undefined],
      [2, 3, 'refused', 'Website URL must be a valid http(s) URL'],
      [3, 4, 'refused', 'expected an object with the fields of a content'],
      [4, 5, 'refused', 'createdAt must be a date (ISO 8601, e.g. 2024-05-01T12:00:00Z)'],
      [5, 6, 'created', undefined],
    ]);
    expect(await contentCount()).toBe(2);
  });

  it('strips invisible and control characters from every text field, and refuses a name that is nothing but them', async () => {
    const file = JSON.stringify([
      { ...odin, name: '\u0000The \u200BOdin Project\u202E', description: 'Free\u0007 curriculum.\r\nLine two\u0000', category: ['\u200BWeb Development'], slug: '\u200B' },
      { ...cs50, name: '\u0000\u200B\u2066' },
    ]).replace('},{', '},\n{');
    const report = await importText(file);
    expect(report.rows.map((r) => [r.outcome, r.name, r.slug, r.reason])).toEqual([
      ['created', 'The Odin Project', 'the-odin-project', undefined],
      ['refused', undefined, undefined, 'Name is required'],
    ]);
    const [row] = await t.db.select().from(contents);
    expect(row).toMatchObject({ name: 'The Odin Project', description: 'Free curriculum.\nLine two' });
    expect(row!.category.map((tag) => tag.label)).toEqual(['Web Development']);
  });

  it('refuses a second row for the same website, naming the first', async () => {
    const report = await importText(JSON.stringify([odin, { ...odin, name: 'Odin again', url: 'https://theodinproject.com' }]).replace('},{', '},\n{'));
    expect(report.rows[1]).toMatchObject({ row: 2, line: 2, outcome: 'refused', reason: 'the same website as row 1' });
  });

  it('makes derived slugs unique, and a given slug that another content holds too, with a warning', async () => {
    await importText(JSON.stringify([cs50]));
    const report = await importText(
      JSON.stringify([
        { ...cs50, url: 'https://cs50.dev/' },
        { ...cs50, url: 'https://cs50.io/' },
        { ...cs50, url: 'https://cs50.ai/', slug: 'cs50' },
      ]),
    );
    expect(report.rows.map((r) => [r.outcome, r.slug, r.warnings])).toEqual([
      ['created', 'cs50-2', undefined],
      ['created', 'cs50-3', undefined],
      ['created', 'cs50-4', ["slug 'cs50' is used by another content: stored as 'cs50-4'"]],
    ]);
  });

  it('keeps createdAt for the contents it creates', async () => {
    await importText(JSON.stringify([{ ...cs50, createdAt: '2020-01-02T03:04:05.678Z' }]));
    const [row] = await t.db.select({ createdAt: contents.createdAt }).from(contents);
    expect(row!.createdAt.toISOString()).toBe('2020-01-02T03:04:05.678Z');
  });

  it('a file that is not valid JSON is refused whole, with its line, and nothing is written', async () => {
    const file = `[\n${JSON.stringify(odin)},\n{"name": "CS50",\n "url": }\n]`;
    const error = await importText(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportFileError);
    expect((error as Error).message).toMatch(/^line 3: invalid JSON in the row starting on this line: /);
    expect(await contentCount()).toBe(0);
    expect(await t.db.$count(auditLog)).toBe(0);
  });

  it('a row larger than 1 MB is refused on its own', async () => {
    const big = { ...cs50, url: 'https://big.example.com', description: 'x'.repeat(2 << 20) };
    const report = await importText(`[${JSON.stringify(big)},\n${JSON.stringify(odin)}]`);
    expect(report.rows.map((r) => [r.line, r.outcome, r.reason])).toEqual([
      [1, 'refused', 'the row is larger than 1 MB'],
      [2, 'created', undefined],
    ]);
  });

  it('--dry-run reports the same outcomes and writes nothing, not even the audit entry', async () => {
    await importText(JSON.stringify([odin]));
    const file = JSON.stringify([{ ...odin, cost: 'Paid' }, cs50, { ...cs50, url: 'https://cs50.dev' }, { name: 'x' }]);
    const dry = await importText(file, { dryRun: true, onExisting: 'update' });
    expect(dry.counts).toMatchObject({ created: 2, updated: 1, refused: 1 });
    expect(dry.rows[0]!.changes).toEqual([{ field: 'cost', from: "'Free'", to: "'Paid'" }]);
    expect(await contentCount()).toBe(1);
    expect(await t.db.$count(auditLog)).toBe(1);
    const real = await importText(file, { onExisting: 'update' });
    expect(real.rows).toEqual(dry.rows);
  });

  it('records the import in the audit log with its counts', async () => {
    await importText(JSON.stringify([odin, { name: 'no url' }]), { source: 'batch.json' });
    const [entry] = await t.db.select().from(auditLog);
    expect(entry).toMatchObject({ actor: 'cli:tester', action: 'content.import', targetType: 'import', targetId: 'batch.json' });
    expect(entry!.details).toMatchObject({ source: 'batch.json', format: 'json', created: 1, refused: 1, unchanged: 0 });
  });
});

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
    const report = await importText(JSON.stringify({ total: 3, contents: [foreign(1), foreign(2), { name: 'no url' }], page: 1 }));
    expect(report.rows.map((r) => [r.row, r.line, r.outcome])).toEqual([
      [1, 1, 'created'],
      [2, 1, 'created'],
      [3, 1, 'refused'],
    ]);
  });

  it('a JSON object without such a field is refused whole, naming the fields it has', async () => {
    const error = await importText(JSON.stringify({ results: [foreign(1)] })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportFileError);
    expect((error as Error).message).toBe('line 1: the JSON object holds no array of contents under "contents", "items", "data" or "resources" (its fields: results)');
  });

  it('folds tags onto ours without regard to case or punctuation; an unknown tag is created once and reported', async () => {
    const report = await importText(
      JSON.stringify([
        foreign(1, { category: [{ label: 'web development', value: 'web-development' }, { label: 'Other', value: 'other' }], techStack: [{ label: 'Php', value: 'php' }, 'nodejs', 'HTML', { label: 'Go', value: 'go' }], type: ['online course', 'MOOC'] }),
        foreign(2, { category: 'Other', techStack: ['C++', 'JAVASCRIPT'] }),
      ]),
    );
    expect(report.counts).toMatchObject({ created: 2, refused: 0 });
    // Go, C++ and MOOC are tags of ours (the seed of the tags table); 'Other' is not, and is created.
    expect(report.rows[0]!.warnings).toEqual([
      "new category 'Other' created",
      "image '/images/letters_placeholder/default_B.png' is neither an http(s) URL nor a file of this site: the generated tile is shown instead",
      "slug 'site.dev-course-1' may hold only lowercase letters, digits and single hyphens: stored as 'site-dev-course-1'",
    ]);
    expect(report.unknownTags).toEqual([]);
    expect(report.createdTags).toEqual([{ kind: 'category', label: 'Other', value: 'other' }]);
    expect(report.rows[1]!.warnings ?? []).not.toContain("new category 'Other' created");
    expect((await listTags(t.db)).category.map((tag) => tag.label)).toContain('Other');
    const [first, second] = await rowsOf();
    expect(first!.category.map((tag) => tag.label)).toEqual(['Web Development', 'Other']);
    expect(second!.category.map((tag) => tag.label)).toEqual(['Other']);
    expect(first!.techStack.map((tag) => tag.label)).toEqual(['PHP', 'Node.js', 'HTML/CSS', 'Go']);
    expect(first!.type.map((tag) => tag.label)).toEqual(['Online Courses', 'MOOC']);
    expect(second!.techStack.map((tag) => tag.label)).toEqual(['C++', 'Javascript']);
    expect(await t.db.$count(contentTags, eq(contentTags.contentId, first!.id))).toBe(8);
  });

  it('--map maps foreign tags onto ours first, null dropping them without a warning', async () => {
    const tagMap = { category: { other: null, 'Frontend Development': 'web-development' }, techstack: { golang: 'Javascript' } };
    const report = await importText(JSON.stringify([foreign(1, { category: ['Other', 'frontend-development'], techStack: [{ label: 'Go', value: 'golang' }] })]), { tagMap });
    expect(report.rows[0]!.warnings?.filter((w) => w.includes('unknown'))).toEqual([]);
    expect(report.unknownTags).toEqual([]);
    const [row] = await rowsOf();
    expect([row!.category, row!.techStack].map((tags) => tags.map((tag) => tag.value))).toEqual([['web-development'], ['javascript']]);
  });

  it('a map onto a tag that is not ours is refused before anything is read', async () => {
    const error = await importText(JSON.stringify([foreign(1)]), { tagMap: { category: { frontend: 'frontend-development' } } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TagMapError);
    expect((error as Error).message).toMatch(/^category 'frontend' → 'frontend-development' in the map: 'frontend-development' is not one of ours \(software-engineering, /);
    expect(await contentCount()).toBe(0);
  });

  it('with createTags false, a row with an unknown tag is refused with every problem it has', async () => {
    const report = await importText(JSON.stringify([foreign(1, { techStack: ['Fortran', 'Python'], category: ['Knitting'], cost: 'Cheap', url: 'not a url' }), foreign(2, { techStack: ['Python'] })]), { createTags: false });
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
    const report = await importText(JSON.stringify([foreign(1, { slug: 'ui.dev-react' }), foreign(2, { slug: 'ui.dev$react' }), foreign(3, { slug: 'techiedelight$-java' })]));
    expect(report.rows.map((r) => [r.outcome, r.slug, r.warnings?.at(-1)])).toEqual([
      ['created', 'ui-dev-react', "slug 'ui.dev-react' may hold only lowercase letters, digits and single hyphens: stored as 'ui-dev-react'"],
      ['created', 'ui-dev-react-2', "slug 'ui.dev$react' may hold only lowercase letters, digits and single hyphens: stored as 'ui-dev-react-2'"],
      ['created', 'techiedelight-java', "slug 'techiedelight$-java' may hold only lowercase letters, digits and single hyphens: stored as 'techiedelight-java'"],
    ]);
  });

  it('keeps http(s) images and uploads this site holds; other paths give the generated tile, with a warning', async () => {
    const held = `/uploads/${'a'.repeat(64)}.png`;
    const missing = `/uploads/${'b'.repeat(64)}.png`;
    await t.db.insert(uploads).values({ id: 'a'.repeat(64), mimeType: 'image/png', size: 1, data: Buffer.from([1]) });
    const images = ['https://cdn.example.org/a.png', held, missing, '/images/letters_placeholder/default_A.png', 'images/a.png', '//cdn.example.org/a.png', '/images/placeholder/x.svg', ''];
    const report = await importText(JSON.stringify(images.map((image, i) => foreign(i, { image, slug: `s${i}` }))));
    expect(report.counts).toMatchObject({ created: images.length });
    expect((await rowsOf()).map((row) => row.image)).toEqual(['https://cdn.example.org/a.png', held, '', '', '', '', '', '']);
    expect(report.rows.map((r) => r.warnings?.length ?? 0)).toEqual([0, 0, 1, 1, 1, 1, 0, 0]);
    expect(report.rows[2]!.warnings![0]).toBe(`image '${missing}' is not an upload of this site (uploads are not part of an export): the generated tile is shown instead`);
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
        changes: [
          { field: 'image', from: '(empty)', to: "'https://cdn.example.org/fcc.png'" },
          { field: 'techStack', from: '(none)', to: 'Javascript' },
        ],
      });
      const after = await stored();
      expect(after).toMatchObject({ name: 'freeCodeCamp', slug: 'freecodecamp', url: curated.url, description: curated.description, cost: 'Free', hasCert: true, createdAt: before.createdAt });
      expect([after.category, after.type].map((tags) => tags.map((tag) => tag.label))).toEqual([['Web Development'], ['Online Courses']]);
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
      const report = await importText(JSON.stringify([{ ...theirs, image: '/images/letters_placeholder/default_F.png' }]), { onExisting: 'update' });
      // Their 'Frontend Development' is a new tag of ours now, so update takes it.
      expect(report.rows[0]!.changes!.map((change) => change.field)).toEqual(['name', 'url', 'cost', 'category', 'techStack']);
      expect(await stored()).toMatchObject({ name: 'Freecodecamp', slug: 'freecodecamp', image: 'https://example.org/ours.png', description: curated.description, cost: 'Paid', hasCert: true });
      expect((await stored()).category.map((tag) => tag.label)).toEqual(['Frontend Development']);
      expect((await importText(JSON.stringify([theirs]), { onExisting: 'update' })).counts).toMatchObject({ updated: 1 });
      expect((await importText(JSON.stringify([theirs]), { onExisting: 'update' })).counts).toMatchObject({ updated: 0, unchanged: 1 });
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

describe('import as submissions', () => {
  it('queues new websites and skips those already listed or queued', async () => {
    await importText(JSON.stringify([odin]));
    const file = JSON.stringify([odin, cs50]);
    const first = await importText(file, { asSubmissions: true });
    expect(first.rows.map((r) => [r.outcome, r.reason])).toEqual([
      ['skipped', "already listed as 'The Odin Project'"],
      ['queued', undefined],
    ]);
    const second = await importText(file, { asSubmissions: true });
    expect(second.rows[1]).toMatchObject({ outcome: 'skipped', reason: "already waiting for review as 'CS50'" });
    expect(await t.db.select({ name: submissions.name, userId: submissions.userId, hasCert: submissions.hasCert }).from(submissions)).toEqual([
      { name: 'CS50', userId: null, hasCert: true },
    ]);
    expect(await contentCount()).toBe(1);
  });
});

describe('CSV', () => {
  const header = 'name,slug,url,image,description,cost,hasCert,category,techStack,type\n';

  it('reads the documented columns: tags as labels separated by |, quoted fields, empty cells as defaults', async () => {
    const file = `${header}"Odin, the project",,https://theodinproject.com,,"A ""free""\ncurriculum",,yes,Web Development|Fullstack Development,Javascript,\n`;
    const report = await importText(file, { format: 'csv' });
    expect(report.rows).toEqual([{ row: 1, line: 2, outcome: 'created', name: 'Odin, the project', url: 'https://theodinproject.com', slug: 'odin-the-project' }]);
    const [row] = await t.db.select().from(contents);
    expect(row).toMatchObject({ description: 'A "free"\ncurriculum', cost: 'Free', hasCert: true, type: [] });
    expect(row!.category.map((c) => c.value)).toEqual(['web-development', 'fullstack-development']);
  });

  it('a header without a required column is refused whole', async () => {
    const error = await importText('name,url\nCS50,https://cs50.harvard.edu\n', { format: 'csv' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: "line 1: the header has no 'description' column (required: name, url, description)" });
  });

  it('an unknown column is refused whole rather than silently dropped', async () => {
    const error = await importText('name,url,description,tags\n', { format: 'csv' }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/^line 1: unknown column 'tags' in the header \(columns: name, slug, /);
  });

  it('a row with a missing cell is refused, the others are written', async () => {
    const report = await importText(`${header}CS50,,https://cs50.harvard.edu,,Intro,Free,true,,,\nShort row,https://x.example.com,desc\n`, { format: 'csv' });
    expect(report.rows.map((r) => [r.line, r.outcome, r.reason])).toEqual([
      [2, 'created', undefined],
      [3, 'refused', 'the row has 3 fields, the header 10'],
    ]);
  });
});

describe('export', () => {
  it('writes every content oldest first, readable back by import: the round trip is identical (JSON and CSV)', async () => {
    await generateSyntheticCatalog(t.db, 1200, { reviewers: 3 });
    const json = await exportText('json', 500);
    const csv = await exportText('csv', 500);
    expect(json.split('\n')).toHaveLength(1200 + 3);
    expect(csv.split('\n')[0]).toBe('name,slug,url,image,description,cost,hasCert,category,techStack,type,createdAt');

    for (const [format, text] of [['json', json], ['csv', csv]] as const) {
      const other = await createTestDb();
      try {
        const report = await importCatalog(other.db, actor, chunks(text, 4096), { format, source: `x.${format}` });
        expect(report.counts).toMatchObject({ created: 1200, refused: 0 });
        let again = '';
        for await (const part of exportCatalogText(other.db, format)) again += part;
        expect(again).toBe(text);
      } finally {
        other.close();
      }
    }
  });

  it('an empty catalog is an empty array, or a header alone', async () => {
    expect(await exportText('json')).toBe('[]\n');
    expect(await exportText('csv')).toBe('name,slug,url,image,description,cost,hasCert,category,techStack,type,createdAt\n');
  });
});

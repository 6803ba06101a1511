import { count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../tests/setup/db.ts';
import { ImportFileError } from './files/read-rows.ts';
import { auditLog, contentTags, contents, submissions } from '../schema.ts';
import type { Actor } from '../operations/audit.ts';
import { importCatalog, type ImportOptions } from './catalog-import.ts';

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
const cs50 = {
  name: 'CS50',
  url: 'https://cs50.harvard.edu/x/',
  description: "Harvard's introduction to computer science.",
  cost: 'Free',
  hasCert: true,
};

describe('import', () => {
  it('creates contents with tags from labels or label/value pairs and slugs derived from names', async () => {
    const report = await importText(JSON.stringify([odin, cs50], null, 2));
    expect(report.counts).toMatchObject({ created: 2, updated: 0, unchanged: 0, refused: 0 });
    expect(report.rows).toEqual([
      { row: 1, line: 2, outcome: 'created', name: 'The Odin Project', url: odin.url, slug: 'the-odin-project' },
      { row: 2, line: 22, outcome: 'created', name: 'CS50', url: cs50.url, slug: 'cs50' },
    ]);
    const [row] = await t.db.select().from(contents).where(eq(contents.slug, 'the-odin-project'));
    expect(row).toMatchObject({
      urlKey: 'theodinproject.com',
      tagLabels: 'Web Development Fullstack Development JavaScript Online Courses',
    });
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
    const report = await importText(
      JSON.stringify([{ ...odin, url: 'http://theodinproject.com/?utm_source=x', cost: 'Paid' }]),
      { onExisting: 'update' },
    );
    expect(report.rows[0]).toMatchObject({
      outcome: 'updated',
      slug: 'the-odin-project',
      changes: [
        { field: 'url', from: "'https://www.theodinproject.com/'", to: "'http://theodinproject.com/?utm_source=x'" },
        { field: 'cost', from: "'Free'", to: "'Paid'" },
      ],
    });
    expect(await t.db.select({ cost: contents.cost, url: contents.url }).from(contents)).toEqual([
      { cost: 'Paid', url: 'http://theodinproject.com/?utm_source=x' },
    ]);
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
      {
        ...odin,
        name: '\u0000The \u200BOdin Project\u202E',
        description: 'Free\u0007 curriculum.\r\nLine two\u0000',
        category: ['\u200BWeb Development'],
        slug: '\u200B',
      },
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
    const report = await importText(
      JSON.stringify([odin, { ...odin, name: 'Odin again', url: 'https://theodinproject.com' }]).replace(
        '},{',
        '},\n{',
      ),
    );
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
    expect(entry).toMatchObject({
      actor: 'cli:tester',
      action: 'content.import',
      targetType: 'import',
      targetId: 'batch.json',
    });
    expect(entry!.details).toMatchObject({
      source: 'batch.json',
      format: 'json',
      created: 1,
      refused: 1,
      unchanged: 0,
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
    expect(
      await t.db
        .select({ name: submissions.name, userId: submissions.userId, hasCert: submissions.hasCert })
        .from(submissions),
    ).toEqual([{ name: 'CS50', userId: null, hasCert: true }]);
    expect(await contentCount()).toBe(1);
  });
});

describe('CSV', () => {
  const header = 'name,slug,url,image,description,cost,hasCert,category,techStack,type\n';

  it('reads the documented columns: tags as labels separated by |, quoted fields, empty cells as defaults', async () => {
    const file = `${header}"Odin, the project",,https://theodinproject.com,,"A ""free""\ncurriculum",,yes,Web Development|Fullstack Development,Javascript,\n`;
    const report = await importText(file, { format: 'csv' });
    expect(report.rows).toEqual([
      {
        row: 1,
        line: 2,
        outcome: 'created',
        name: 'Odin, the project',
        url: 'https://theodinproject.com',
        slug: 'odin-the-project',
      },
    ]);
    const [row] = await t.db.select().from(contents);
    expect(row).toMatchObject({ description: 'A "free"\ncurriculum', cost: 'Free', hasCert: true, type: [] });
    expect(row!.category.map((c) => c.value)).toEqual(['web-development', 'fullstack-development']);
  });

  it('a header without a required column is refused whole', async () => {
    const error = await importText('name,url\nCS50,https://cs50.harvard.edu\n', { format: 'csv' }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      message: "line 1: the header has no 'description' column (required: name, url, description)",
    });
  });

  it('an unknown column is refused whole rather than silently dropped', async () => {
    const error = await importText('name,url,description,tags\n', { format: 'csv' }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/^line 1: unknown column 'tags' in the header \(columns: name, slug, /);
  });

  it('a row with a missing cell is refused, the others are written', async () => {
    const report = await importText(
      `${header}CS50,,https://cs50.harvard.edu,,Intro,Free,true,,,\nShort row,https://x.example.com,desc\n`,
      { format: 'csv' },
    );
    expect(report.rows.map((r) => [r.line, r.outcome, r.reason])).toEqual([
      [2, 'created', undefined],
      [3, 'refused', 'the row has 3 fields, the header 10'],
    ]);
  });
});

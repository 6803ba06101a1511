/**
 * `skillshelf import` and `skillshelf export` as real processes on temporary database files: the per-row
 * report, idempotent upserts, malformed files that change nothing they should not, and the round trip.
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { niceOfCli, runCli, tempDb, type TempDb } from './harness.ts';

let db: TempDb;
let other: TempDb;
beforeEach(async () => {
  db = await tempDb();
  other = await tempDb();
});
afterEach(async () => {
  await db.remove();
  await other.remove();
});

const fileIn = (name: string, text: string) => {
  const path = join(db.dir, name);
  writeFileSync(path, text);
  return path;
};

const odin = {
  name: 'The Odin Project',
  url: 'https://www.theodinproject.com/',
  description: 'A free full stack curriculum.',
  category: ['Web Development'],
  techStack: [{ label: 'Javascript', value: 'javascript' }],
};
const cs50 = {
  name: 'CS50',
  url: 'https://cs50.harvard.edu/x/',
  description: "Harvard's introduction to computer science.",
  cost: 'Free',
  hasCert: true,
};
const contentCount = async () => Number((await db.query('SELECT count(*) AS n FROM contents'))[0]!.n);
const catalogVersion = async () =>
  Number((await db.query("SELECT value FROM meta WHERE key = 'catalog_version'"))[0]?.value ?? 0);

describe('import', () => {
  it('creates contents from JSON with a line per row; the same file again changes nothing', async () => {
    const file = fileIn('catalog.json', JSON.stringify([odin, cs50], null, 2));
    const first = await runCli(db.url, ['import', file]);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toContain('line 2: created The Odin Project (the-odin-project)');
    expect(first.stdout).toMatch(/line \d+: created CS50 \(cs50\)/);
    expect(first.stdout).toContain('2 created, 0 updated, 0 unchanged, 0 refused.');
    const version = await catalogVersion();
    const second = await runCli(db.url, ['import', file]);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('0 created, 0 updated, 2 unchanged, 0 refused.');
    expect(await contentCount()).toBe(2);
    expect(await catalogVersion()).toBe(version);
  });

  it('matches rows by the normalised website: an edited description under another spelling of the URL fills nothing, and updates with --on-existing update', async () => {
    await runCli(db.url, ['import', fileIn('a.json', JSON.stringify([odin]))]);
    const edited = {
      ...odin,
      url: 'http://theodinproject.com?utm_source=newsletter',
      description: 'Now with more projects.',
    };
    const file = fileIn('b.json', JSON.stringify([edited]));
    const filled = await runCli(db.url, ['import', file]);
    expect(filled.stdout).toContain(
      `Nothing written from ${file} into ${db.url}: 0 created, 0 updated, 1 unchanged, 0 refused.`,
    );
    const run = await runCli(db.url, ['import', file, '--on-existing', 'update']);
    expect(run.stdout).toContain(
      "row 1, line 1: updated The Odin Project (the-odin-project)\n    url: 'https://www.theodinproject.com/' → 'http://theodinproject.com?utm_source=newsletter'\n    description: 'A free full stack curriculum.' → 'Now with more projects.'\n",
    );
    expect(run.stdout).toContain('0 created, 1 updated');
    expect(await db.query('SELECT description FROM contents')).toEqual([
      expect.objectContaining({ description: 'Now with more projects.' }),
    ]);
  });

  it('reads CSV with the documented columns; --dry-run reports and writes nothing', async () => {
    const csv = [
      'url,name,description,techStack,hasCert',
      'https://go.dev/tour/,A Tour of Go,"Go, step by step",Python|Javascript,yes',
      '',
    ].join('\n');
    const file = fileIn('catalog.csv', csv);
    const dry = await runCli(db.url, ['import', file, '--dry-run']);
    expect(dry).toMatchObject({ code: 0 });
    expect(dry.stdout).toContain('Dry run of');
    expect(dry.stdout).toContain('1 created');
    expect(await contentCount()).toBe(0);
    expect((await runCli(db.url, ['import', file])).code).toBe(0);
    const [row] = await db.query('SELECT name, description, has_cert, tech_stack FROM contents');
    expect(row).toMatchObject({ name: 'A Tour of Go', description: 'Go, step by step', has_cert: 1 });
    expect(JSON.parse(String(row!.tech_stack))).toEqual([
      { label: 'Python', value: 'python' },
      { label: 'JavaScript', value: 'javascript' },
    ]);
  });

  it('refuses an invalid row with its position, line and every problem, writes the valid ones, says what was written, exits 1', async () => {
    const rows = [
      odin,
      { name: 'Broken', url: 'javascript:alert(1)', description: 'x', cost: 'Cheap' },
      { ...cs50, category: ['Underwater Basket Weaving'] },
    ];
    const run = await runCli(db.url, [
      'import',
      fileIn('mixed.json', `[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]`),
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      'row 2, line 3: refused Broken\n    - Website URL must be a valid http(s) URL\n    - Cost must be one of Free, Paid, Free/Paid\n',
    );
    expect(run.stdout).toContain(
      "row 3, line 4: created CS50 (cs50)\n    warning: new category 'Underwater Basket Weaving' created",
    );
    expect(run.stderr).toBe('error: 1 row refused (row 2); written: 2 created, 0 updated\n');
    expect(await contentCount()).toBe(2);
  });

  it('when every row is refused, the last line says that nothing was written', async () => {
    const run = await runCli(db.url, ['import', fileIn('bad.json', JSON.stringify([{ name: 'a' }, { name: 'b' }]))]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('Nothing written from');
    expect(run.stderr).toBe('error: 2 rows refused (rows 1, 2); nothing was written\n');
  });

  it('--json gives the whole report', async () => {
    const run = await runCli(db.url, ['import', fileIn('c.json', JSON.stringify([cs50])), '--json']);
    const report = JSON.parse(run.stdout) as {
      counts: Record<string, number>;
      rows: Array<{ line: number; outcome: string }>;
    };
    expect(report.counts.created).toBe(1);
    expect(report.rows).toEqual([expect.objectContaining({ line: 1, outcome: 'created', name: 'CS50' })]);
  });

  it('--as-submissions queues the rows for review, skipping websites already listed', async () => {
    await runCli(db.url, ['import', fileIn('a.json', JSON.stringify([odin]))]);
    const run = await runCli(db.url, ['import', fileIn('b.json', JSON.stringify([odin, cs50])), '--as-submissions']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("skipped already listed as 'The Odin Project'");
    expect(run.stdout).toContain('1 queued, 1 skipped, 0 refused');
    expect(await db.query('SELECT name FROM submissions')).toEqual([expect.objectContaining({ name: 'CS50' })]);
  });

  describe('a file that cannot be read as rows is refused whole, before anything is written', () => {
    it.each([
      ['bad JSON', 'bad.json', `[${JSON.stringify(odin)}, {"name": "x", `],
      ['JSON that is not an array', 'object.json', JSON.stringify(odin)],
      ['a CSV header without a required column', 'missing.csv', 'name,description\nOdin,curriculum\n'],
      ['a CSV with an unclosed quote', 'quote.csv', 'name,url,description\n"Odin,https://www.theodinproject.com/,x\n'],
    ])('%s', async (_, name, text) => {
      const run = await runCli(db.url, ['import', fileIn(name, text)]);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(new RegExp(`^error: .*${name}: .+: nothing was imported\\n$`));
      expect(await contentCount()).toBe(0);
    });
  });

  it.skipIf(!existsSync('/proc/self/stat'))(
    'runs at the lowest priority, so that the site on the same machine is served first',
    async () => {
      // A named pipe: the import waits on it for its rows, meanwhile its priority is read.
      const pipe = join(db.dir, 'rows.json');
      expect(spawnSync('mkfifo', [pipe]).status).toBe(0);
      const run = runCli(db.url, ['import', pipe]);
      await expect.poll(() => niceOfCli(db.url, ['import', pipe]), { timeout: 10_000 }).toBe(19);
      writeFileSync(pipe, JSON.stringify([cs50]));
      expect(await run).toMatchObject({ code: 0 });
      expect(await contentCount()).toBe(1);
    },
  );

  it('a 50 MB line is refused as one row, without holding it; the rows around it are written', async () => {
    const path = join(db.dir, 'huge.json');
    const out = createWriteStream(path);
    out.write(`[\n${JSON.stringify(odin)},\n{"name": "Huge", "url": "https://huge.example.org/", "description": "`);
    const mb = 'x'.repeat(1 << 20);
    for (let i = 0; i < 50; i++) if (!out.write(mb)) await once(out, 'drain');
    out.end(`"},\n${JSON.stringify(cs50)}\n]\n`);
    await once(out, 'finish');
    const run = await runCli(db.url, ['import', path]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('row 2, line 3: refused (no name)\n    - the row is larger than 1 MB\n');
    expect(run.stdout).toContain('2 created');
    expect(await contentCount()).toBe(2);
  }, 60_000);

  it('a 50 MB CSV line is refused as one row, its quotes and commas still counted; the rows after it are written', async () => {
    const path = join(db.dir, 'huge.csv');
    const out = createWriteStream(path);
    out.write(
      `name,url,description\nOdin,https://www.theodinproject.com/,A curriculum\nHuge,https://huge.example.org/,"`,
    );
    const mb = `${'x'.repeat((1 << 20) - 16)}, ""quoted"" end`;
    for (let i = 0; i < 50; i++) if (!out.write(mb)) await once(out, 'drain');
    out.end(`"\n"CS50, Harvard",https://cs50.harvard.edu/x/,"Intro\nto CS"\n`);
    await once(out, 'finish');
    const run = await runCli(db.url, ['import', path]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('row 2, line 3: refused (no name)\n    - the row is larger than 1 MB\n');
    expect(run.stdout).toContain('row 3, line 4: created CS50, Harvard');
    expect(await contentCount()).toBe(2);
  }, 60_000);

  it('a missing file, or a name without a known extension, is one line on stderr', async () => {
    expect(await runCli(db.url, ['import', '/nonexistent/catalog.json'])).toMatchObject({
      code: 1,
      stderr: 'error: cannot read /nonexistent/catalog.json: no such file\n',
    });
    const run = await runCli(db.url, ['import', fileIn('catalog.txt', '[]')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--format json');
  });
});

describe('export', () => {
  it('round trip on the synthetic catalog: export, import into an empty database, export again: identical (JSON and CSV)', async () => {
    expect((await runCli(db.url, ['db', 'seed', '--synthetic', '2000'])).code).toBe(0);
    for (const format of ['json', 'csv'] as const) {
      const target = await tempDb();
      try {
        const first = join(db.dir, `first.${format}`);
        const second = join(db.dir, `second.${format}`);
        const exported = await runCli(db.url, ['export', '--out', first]);
        expect(exported).toMatchObject({ code: 0 });
        expect(exported.stdout).toContain(
          `Exported 2,000 contents from ${db.url} to ${first} (${format.toUpperCase()}).`,
        );
        const imported = await runCli(target.url, ['import', first]);
        expect(imported.stdout).toContain('2,000 created, 0 updated, 0 unchanged, 0 refused.');
        // A summary, not 2,000 lines: the first rows, then a count.
        expect(imported.stdout).toContain('… and 1,950 more created (--json lists every row)');
        expect(imported.stdout.split('\n').length).toBeLessThan(60);
        expect((await runCli(target.url, ['export', '--out', second])).code).toBe(0);
        expect(readFileSync(second, 'utf8')).toBe(readFileSync(first, 'utf8'));
      } finally {
        await target.remove();
      }
    }
  }, 120_000);

  /** The facets that are fields of their own (db/catalog/facets.ts): a value, and a label with the value it names. */
  const FACET_FIELDS = [
    { key: 'level', value: 'beginner', label: 'All levels', labelled: 'all-levels' },
    { key: 'language', value: 'es', label: 'French', labelled: 'fr' },
  ];

  it('carries the facets that are fields of their own (level, language) through export and import, JSON and CSV: a label is read as its value, none is null or an empty cell', async () => {
    const fields = (pick: (facet: (typeof FACET_FIELDS)[number]) => string) =>
      Object.fromEntries(FACET_FIELDS.map((facet) => [facet.key, pick(facet)]));
    const rows = [
      { ...odin, ...fields((facet) => facet.value) },
      { ...cs50, ...fields((facet) => facet.label) },
      { name: 'Unspecified', url: 'https://example.org/unspecified', description: 'Says nothing of them.' },
    ];
    const stored = (target: TempDb) =>
      target.query(`SELECT name, ${FACET_FIELDS.map((facet) => facet.key).join(', ')} FROM contents ORDER BY name`);
    const expected = [
      { name: 'CS50', ...fields((facet) => facet.labelled) },
      { name: 'The Odin Project', ...fields((facet) => facet.value) },
      { name: 'Unspecified', ...fields(() => null as unknown as string) },
    ];
    expect((await runCli(db.url, ['import', fileIn('facets.json', JSON.stringify(rows))])).code).toBe(0);
    expect(await stored(db)).toEqual(expected);
    for (const format of ['json', 'csv'] as const) {
      const target = await tempDb();
      try {
        const first = join(db.dir, `facets-first.${format}`);
        expect((await runCli(db.url, ['export', '--out', first])).code).toBe(0);
        const text = readFileSync(first, 'utf8');
        for (const facet of FACET_FIELDS) {
          if (format === 'csv') expect(text.split('\n')[0]!.split(',')).toContain(facet.key);
          else
            expect(JSON.parse(text).map((record: Record<string, unknown>) => record[facet.key])).toEqual([
              facet.value,
              facet.labelled,
              null,
            ]);
        }
        expect((await runCli(target.url, ['import', first])).stdout).toContain('3 created');
        expect(await stored(target)).toEqual(expected);
        const second = join(db.dir, `facets-second.${format}`);
        expect((await runCli(target.url, ['export', '--out', second])).code).toBe(0);
        expect(readFileSync(second, 'utf8')).toBe(text);
      } finally {
        await target.remove();
      }
    }
  });

  it('without --out writes JSON to stdout, readable by import', async () => {
    await runCli(db.url, ['import', fileIn('a.json', JSON.stringify([odin, cs50]))]);
    const run = await runCli(db.url, ['export']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const records = JSON.parse(run.stdout) as Array<{ name: string; slug: string; category: unknown }>;
    expect(records.map((r) => r.name)).toEqual(['The Odin Project', 'CS50']);
    expect(records[0]!.category).toEqual([{ label: 'Web Development', value: 'web-development' }]);
    const back = await runCli(other.url, ['import', fileIn('back.json', run.stdout)]);
    expect(back.stdout).toContain('2 created');
  });
});

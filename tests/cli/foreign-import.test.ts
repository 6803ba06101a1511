/**
 * Another directory's export, run through `skillshelf import` as a new user would run it, into a database
 * holding the demo catalog. tests/fixtures/foreign-export.json is shaped like the real one that once
 * imported 0 of 127 rows: the array wrapped in {"contents": [...]}, tags as label/value pairs in another
 * vocabulary and spelling ("Php", "Sql", "Other", "React.js", "Go"), relative placeholder image paths,
 * slugs with dots and $, descriptions reading "Description not available.", creation dates, and twelve
 * rows for websites the demo catalog lists, under worse names and without curated fields.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import demoContents from '#db/maintenance/seed/demo-contents.json' with { type: 'json' };
import { urlKey } from '#db/catalog/urls.ts';
import { runCli, tempDb, type TempDb } from './harness.ts';

const FIXTURE = fileURLToPath(new URL('../fixtures/foreign-export.json', import.meta.url));

interface ForeignRow {
  name: string;
  url: string;
  slug: string;
  description: string;
  createdAt: string;
  updatedAt?: string;
}
const rows = (JSON.parse(readFileSync(FIXTURE, 'utf8')) as { contents: ForeignRow[] }).contents;

interface DemoContent {
  name: string;
  url: string;
  description: string;
  category: string[];
  techStack: string[];
  type: string[];
}
const demoByKey = new Map((demoContents as DemoContent[]).map((content) => [urlKey(content.url), content]));
const overlapping = rows.filter((row) => row.url && demoByKey.has(urlKey(row.url)));

let db: TempDb;
beforeEach(async () => {
  db = await tempDb();
  expect((await runCli(db.url, ['db', 'seed'])).code).toBe(0);
});
afterEach(() => db.remove());

const labels = (json: unknown) => (JSON.parse(String(json)) as Array<{ label: string }>).map((tag) => tag.label);
const catalog = () => db.query('SELECT * FROM contents ORDER BY seq');
const catalogVersion = async () =>
  Number((await db.query("SELECT value FROM meta WHERE key = 'catalog_version'"))[0]?.value ?? 0);
const contentAt = async (url: string) => (await db.query('SELECT * FROM contents WHERE url_key = ?', [urlKey(url)]))[0];

describe('a foreign export', () => {
  it('imports at least 95% of its rows, leaves the curated demo contents it overlaps as they were (filling only their empty fields), keeps its dates, and a second run writes nothing', async () => {
    expect(rows.length).toBeGreaterThanOrEqual(100);
    expect(overlapping.length).toBe(12);

    const run = await runCli(db.url, ['import', FIXTURE]);
    // Two rows cannot be taken: one without a link, one repeating another row's website.
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('error: 2 rows refused (rows 58, 91); written: 91 created, 1 updated\n');
    expect(run.stdout).toContain(
      `Imported ${FIXTURE} into ${db.url}: 91 created, 1 updated, 11 unchanged, 2 refused. 104 rows with warnings.\n`,
    );
    const accepted = 91 + 1 + 11;
    expect(accepted / rows.length).toBeGreaterThanOrEqual(0.95);
    expect((await catalog()).length).toBe(175 + 91);

    // Each row is named by its position in the file, with every problem and warning.
    expect(run.stdout).toMatch(/\nrow 58, line \d+: refused Coursera Plus\n {4}- Website URL is required\nrow 59, /);
    expect(run.stdout).toMatch(/\nrow 91, line \d+: refused Go Tour\n {4}- the same website as row 6\n/);
    expect(run.stdout).toMatch(
      /\nrow 2, line \d+: created React Fundamentals \(ui\.dev\) \(ui-dev-react-fundamentals\)\n(?: {4}warning: .*\n)* {4}warning: slug 'ui\.dev-react-fundamentals' may hold only lowercase letters, digits and single hyphens: stored as 'ui-dev-react-fundamentals'\n/,
    );
    expect(run.stdout).toContain(
      "    warning: image '/images/letters_placeholder/default_R.png' is neither an http(s) URL nor a file of this site: the generated tile is shown instead\n",
    );
    // C++, React.js, Go and Sql fold onto tags of ours (the seeded tag rows); "Other" is no tag; the rest become
    // new tags, spelled as their owners spell them, each reported once, and only those written (Git was a file
    // tag of a curated content only, which keeps its own).
    expect(run.stdout).toContain(
      'New tags created (an admin may rename, merge or retire them):\n  category: Frontend Development, Backend Development, Programming Languages, Interview Preparation\n  techStack: Vue.js, Angular, Django, Linux\n  type: Documentation, Interactive Tutorial, Book, Blog, YouTube Channel, Cheatsheet, Newsletter\n',
    );
    expect((await db.query("SELECT count(*) AS n FROM tags WHERE lower(label) IN ('other', 'git')"))[0]!.n).toBe(0);

    // The demo contents it overlaps keep their curated name, description and tags (even a kind left empty);
    // only their empty picture was filled.
    for (const row of overlapping) {
      const demo = demoByKey.get(urlKey(row.url))!;
      const stored = (await contentAt(row.url))!;
      expect({ name: stored.name, url: stored.url, description: stored.description }).toEqual({
        name: demo.name,
        url: demo.url,
        description: demo.description,
      });
      expect(labels(stored.category)).toEqual(demo.category);
      expect(labels(stored.type)).toEqual(demo.type);
      expect(labels(stored.tech_stack)).toEqual(demo.techStack);
    }
    expect(await contentAt('https://www.freecodecamp.org/')).toMatchObject({
      name: 'freeCodeCamp',
      slug: 'freecodecamp',
      image: '',
    });
    const roadmap = await contentAt('https://roadmap.sh/');
    // Its image by another site's address: asked for, to be fetched and kept here; the tile until then.
    expect(
      await db.query('SELECT outcome, source FROM picture_fetches WHERE content_id = ?', [String(roadmap!.id)]),
    ).toEqual([{ outcome: 'pending', source: 'https://roadmap.sh/images/og-img.png' }]);
    expect(roadmap).toMatchObject({ name: 'roadmap.sh', image: '' });

    // Tags folded onto ours, the rest left out; slugs made valid; dates as in the file.
    const traversy = (await contentAt('https://www.youtube.com/@TraversyMedia'))!;
    expect([labels(traversy.category), labels(traversy.tech_stack)]).toEqual([
      ['Web Development'],
      ['JavaScript', 'PHP', 'HTML/CSS'],
    ]);
    expect((await contentAt('https://www.techiedelight.com/'))!.slug).toBe('techiedelight-coding-practice');
    expect((await contentAt('https://www.w3schools.com/python/'))!.slug).toBe('the-python-tutorial-2');
    for (const row of rows.filter((r) => r.url && !demoByKey.has(urlKey(r.url)) && r.name !== 'Go Tour')) {
      const stored = (await contentAt(row.url))!;
      expect([
        row.name,
        new Date(Number(stored.created_at)).toISOString(),
        new Date(Number(stored.updated_at)).toISOString(),
      ]).toEqual([row.name, row.createdAt, row.updatedAt ?? row.createdAt]);
    }

    const before = await catalog();
    const version = await catalogVersion();
    const again = await runCli(db.url, ['import', FIXTURE]);
    expect(again.stdout).toContain(
      `Nothing written from ${FIXTURE} into ${db.url}: 0 created, 0 updated, 103 unchanged, 2 refused.`,
    );
    expect(again.stderr).toBe('error: 2 rows refused (rows 58, 91); nothing was written\n');
    expect(await catalog()).toEqual(before);
    expect(await catalogVersion()).toBe(version);
  }, 60_000);

  it('--dry-run writes nothing and shows, per row, what would be created, updated (field by field) or refused', async () => {
    const before = await catalog();
    const run = await runCli(db.url, ['import', FIXTURE, '--dry-run']);
    expect(run.stdout).toContain(
      `Dry run of ${FIXTURE}, nothing written: 91 created, 1 updated, 11 unchanged, 2 refused.`,
    );
    expect(run.stdout).toMatch(
      /\nrow 46, line \d+: updated roadmap\.sh \(roadmap-sh\)\n {4}image: \(empty\) → 'https:\/\/roadmap\.sh\/images\/og-img\.png'\nrow /,
    );
    // A curated content whose only empty field is a tag kind takes nothing from the file.
    expect(run.stdout).not.toMatch(/updated TryHackMe/);
    expect(run.stdout).toMatch(/^row 1, line \d+: created React Docs - Learn React \(react-docs-learn-react\)\n/);
    // A new tag near one of ours is offered as a mapping.
    expect(run.stdout).toContain(
      'Some may duplicate tags of ours; to fold them in, map them (--map map.json), e.g.:\n  {"type":{"Interactive Tutorial":"Interactive Quizzes"}}\n',
    );
    expect(run.stderr).toBe('error: 2 rows refused (rows 58, 91); nothing was written (dry run)\n');
    expect(await catalog()).toEqual(before);
  });

  it('--on-existing update takes their names but never their placeholder descriptions or empty tags; skip leaves the demo contents alone', async () => {
    const skip = await runCli(db.url, ['import', FIXTURE, '--on-existing', 'skip']);
    expect(skip.stdout).toContain('91 created, 0 updated, 0 unchanged, 12 skipped, 2 refused.');
    expect(skip.stdout).toMatch(
      /\nrow 4, line \d+: skipped already listed as 'freeCodeCamp' \(--on-existing skip\) \(Freecodecamp\)\n/,
    );

    const update = await runCli(db.url, ['import', FIXTURE, '--on-existing', 'update']);
    expect(update.stdout).toContain('0 created, 12 updated, 91 unchanged, 2 refused.');
    const demo = demoByKey.get('freecodecamp.org')!;
    const fcc = (await contentAt('https://www.freecodecamp.org/'))!;
    expect(fcc).toMatchObject({
      name: 'Freecodecamp',
      url: 'http://freecodecamp.org',
      slug: 'freecodecamp',
      description: demo.description,
    });
    expect([labels(fcc.category), labels(fcc.tech_stack), labels(fcc.type)]).toEqual([
      demo.category,
      demo.techStack,
      demo.type,
    ]);
  });

  it('--no-create-tags refuses the rows with tags outside ours, naming every one; --map maps them onto ours first', async () => {
    const strict = await runCli(db.url, ['import', FIXTURE, '--no-create-tags', '--dry-run']);
    expect(strict.stdout).toMatch(
      /^row 1, line \d+: refused React Docs - Learn React\n {4}- unknown category 'Frontend Development': map it with --map, or import without --no-create-tags to leave it out\n {4}- unknown type 'Documentation': .*\n {4}- unknown type 'Interactive Tutorial': .*\n/,
    );
    expect(strict.stdout).toContain(
      'Tags that match none of ours, which refused their rows (map them onto ours with --map, or import without --no-create-tags):',
    );

    const map = join(db.dir, 'map.json');
    writeFileSync(
      map,
      JSON.stringify({
        category: { other: null, 'Frontend Development': 'Web Development', 'backend-development': 'web-development' },
        techStack: { 'react.js': 'javascript' },
      }),
    );
    const mapped = await runCli(db.url, ['import', FIXTURE, '--map', map]);
    expect(mapped.stdout).not.toMatch(/category: Other|Frontend Development \(|React\.js \(/);
    const react = (await contentAt('https://react.dev/learn'))!;
    expect([labels(react.category), labels(react.tech_stack)]).toEqual([['Web Development'], ['JavaScript']]);

    writeFileSync(map, JSON.stringify({ category: { frontend: 'Frontend' } }));
    const wrong = await runCli(db.url, ['import', FIXTURE, '--map', map]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(
      new RegExp(
        `^error: ${map}: category 'frontend' → 'Frontend' in the map: 'Frontend' is not one of ours \\(software-engineering, .*\\): nothing was imported\\n$`,
      ),
    );
  });
});

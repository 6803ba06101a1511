/**
 * An import that refuses a row must leave nothing of it behind: a CSV whose only row was refused (cost
 * `NotACost`) with category `NewCatFromRefusedRow` reported "nothing was written", yet the tag existed
 * afterwards, active, and the filters could offer it. New tags are now written in the same batch as the rows
 * that carry them (db/imports/new-tags.ts).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, tempDb, type TempDb } from '../cli/harness.ts';

let db: TempDb;
beforeEach(async () => {
  db = await tempDb();
});
afterEach(() => db.remove());

const HEADER = 'name,url,description,cost,hasCert,category,techStack,type';
const tagsNamed = async (label: string) =>
  db.query('SELECT kind, value, label, status FROM tags WHERE label = ?', [label]);

describe('tags brought by an import', () => {
  it('a refused row creates none of its tags', async () => {
    const file = join(db.dir, 'refused.csv');
    writeFileSync(
      file,
      `${HEADER}\nRefused course,https://refused.example.org/,A course,NotACost,false,NewCatFromRefusedRow,,\n`,
    );
    const run = await runCli(db.url, ['import', file]);
    expect(run.stdout + run.stderr).toMatch(/refused/i);
    expect(await tagsNamed('NewCatFromRefusedRow')).toEqual([]);
    expect(await db.query('SELECT count(*) AS n FROM contents')).toEqual([expect.objectContaining({ n: 0 })]);
  });

  it('a row written creates its new tag, and a refused row beside it does not create its own', async () => {
    const file = join(db.dir, 'mixed.csv');
    writeFileSync(
      file,
      `${HEADER}\nKept course,https://kept.example.org/,A course,Free,false,NewCatFromWrittenRow,,\nRefused course,https://refused.example.org/,A course,NotACost,false,NewCatFromRefusedRow,,\n`,
    );
    const run = await runCli(db.url, ['import', file]);
    expect(run.stdout + run.stderr).not.toMatch(/NewCatFromRefusedRow.*created|created.*NewCatFromRefusedRow/);
    expect(await tagsNamed('NewCatFromWrittenRow')).toEqual([
      expect.objectContaining({ kind: 'category', status: 'active' }),
    ]);
    expect(await tagsNamed('NewCatFromRefusedRow')).toEqual([]);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../tests/setup/db.ts';
import type { CatalogFormat } from './files/format.ts';
import { generateSyntheticCatalog } from '../maintenance/seed/synthetic.ts';
import type { Actor } from '../operations/audit.ts';
import { exportCatalogText } from './catalog-export.ts';
import { importCatalog } from './catalog-import.ts';

let t: TestDb;
beforeEach(async () => (t = await createTestDb()));
afterEach(() => t.close());

const actor: Actor = { kind: 'cli', name: 'tester' };

async function* chunks(text: string, size = 64): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

async function exportText(format: CatalogFormat, pageSize?: number): Promise<string> {
  let text = '';
  for await (const part of exportCatalogText(t.db, format, pageSize ? { pageSize } : {})) text += part;
  return text;
}

describe('export', () => {
  it('writes every content oldest first, readable back by import: the round trip is identical (JSON and CSV)', async () => {
    await generateSyntheticCatalog(t.db, 1200, { reviewers: 3 });
    const json = await exportText('json', 500);
    const csv = await exportText('csv', 500);
    expect(json.split('\n')).toHaveLength(1200 + 3);
    expect(csv.split('\n')[0]).toBe(
      'name,slug,url,image,description,cost,hasCert,category,techStack,type,level,language,provider,hours,selfPaced,format,skills,prerequisites,lastUpdated,certificatePrice,createdAt',
    );

    for (const [format, text] of [
      ['json', json],
      ['csv', csv],
    ] as const) {
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

  it('carries the facts that decide both ways: skills joined by |, a flag and a number as text in CSV', async () => {
    const row = {
      name: 'CS50P',
      url: 'https://cs50.harvard.edu/python/',
      description: 'Python from Harvard.',
      provider: 'Harvard University',
      hours: 40.5,
      selfPaced: true,
      format: 'Lectures, problem sets and a final project',
      skills: ['Functions', 'Unit tests'],
      prerequisites: 'None',
      lastUpdated: '2024-03',
      certificatePrice: '$219',
    };
    const made = await importCatalog(t.db, actor, chunks(JSON.stringify([row])), { format: 'json', source: 'x.json' });
    expect(made.counts).toMatchObject({ created: 1 });
    const csv = await exportText('csv');
    expect(csv.split('\n')[1]).toContain(',Harvard University,40.5,true,"Lectures, problem sets and a final project",');
    expect(csv).toContain('Functions|Unit tests');
    const json = JSON.parse(await exportText('json'));
    expect(json[0]).toMatchObject(row);
    for (const [format, text] of [
      ['json', JSON.stringify(json)],
      ['csv', csv],
    ] as const) {
      const other = await createTestDb();
      try {
        await importCatalog(other.db, actor, chunks(text), { format, source: `x.${format}` });
        let again = '';
        for await (const part of exportCatalogText(other.db, 'json')) again += part;
        expect(JSON.parse(again)[0]).toMatchObject(row);
      } finally {
        other.close();
      }
    }
  });

  it('an empty catalog is an empty array, or a header alone', async () => {
    expect(await exportText('json')).toBe('[]\n');
    expect(await exportText('csv')).toBe(
      'name,slug,url,image,description,cost,hasCert,category,techStack,type,level,language,provider,hours,selfPaced,format,skills,prerequisites,lastUpdated,certificatePrice,createdAt\n',
    );
  });
});

/**
 * Pictures are kept here, never shown by another site's address (db/catalog/pictures.ts): what a writer
 * stores, what migration 0047 does to the addresses stored before, and how a given picture is fetched, its
 * failure recorded and asked again later. The sites are this test's own servers, reached with the outbound
 * policy opened to this machine.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/libsql/migrator';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../tests/setup/db.ts';
import { startLocalSite, type LocalSite } from '../../tests/setup/local-site.ts';
import { openDb } from '../client.ts';
import { newId } from '../ids.ts';
import { MIGRATIONS_FOLDER, migrateDb } from '../migrate.ts';
import { anyAddress } from '../outbound/public-addresses.ts';
import { contents, pictureFetches } from '../schema.ts';
import { insertContentStatements, updateContentStatements } from './content-rows.ts';
import { fetchPicture, givenPicturesDue, givenPicturesDueQuery } from './pictures.ts';
import { contentInput } from './validation/contents.ts';
import { exportCatalog } from '../imports/catalog-export.ts';

const open = { policy: anyAddress };
let t: TestDb;
let site: LocalSite;
/** Lets the site answer /slow.png. */
let release = () => {};
beforeEach(async () => (t = await createTestDb()));
afterEach(() => t.close());
beforeAll(async () => {
  const cover = await sharp({ create: { width: 80, height: 40, channels: 3, background: { r: 10, g: 120, b: 60 } } })
    .png()
    .toBuffer();
  site = await startLocalSite((req, res) => {
    if (req.url === '/cover.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(cover);
    if (req.url === '/slow.png')
      return void (release = () => res.writeHead(200, { 'content-type': 'image/png' }).end(cover));
    res.writeHead(404).end();
  });
});
afterAll(() => site?.close());

const input = (image: string) =>
  contentInput.parse({
    name: 'Kept course',
    slug: `kept-${newId()}`,
    url: `https://kept-${newId()}.example.org/`,
    description: 'Kept.',
    image,
  });

async function added(image: string): Promise<string> {
  const id = newId();
  await t.db.batch(insertContentStatements(t.db, id, input(image)));
  return id;
}

const imageOf = async (id: string) =>
  (await t.db.select({ image: contents.image }).from(contents).where(eq(contents.id, id)))[0]!.image;
const fetchOf = async (id: string) =>
  (
    await t.db
      .select({ outcome: pictureFetches.outcome, source: pictureFetches.source })
      .from(pictureFetches)
      .where(eq(pictureFetches.contentId, id))
  )[0];

describe('a picture given by another site’s address', () => {
  it('is never stored as the image: the tile shows, and the picture is asked for', async () => {
    const id = await added(`${site.url}/cover.png`);
    expect(await imageOf(id)).toBe('');
    expect(await fetchOf(id)).toEqual({ outcome: 'pending', source: `${site.url}/cover.png` });
    expect(await givenPicturesDue(t.db, 10)).toEqual([id]);
    // Nothing can store one: the database refuses it whatever writes it.
    await expect(
      t.db.update(contents).set({ image: 'https://elsewhere.example.org/x.png' }).where(eq(contents.id, id)),
    ).rejects.toMatchObject({
      cause: { message: expect.stringContaining('content_image_is_ours') },
    });
  });

  it('is fetched and kept here; an edit that leaves the image alone keeps it', async () => {
    const id = await added(`${site.url}/cover.png`);
    expect(await fetchPicture(t.db, id, open)).toBe('given');
    expect(await imageOf(id)).toMatch(/^\/uploads\/[0-9a-f]{64}\.webp$/);
    expect(await fetchOf(id)).toEqual({ outcome: 'given', source: `${site.url}/cover.png` });
    expect(await givenPicturesDue(t.db, 10)).toEqual([]);
    const kept = await imageOf(id);
    await t.db.batch(updateContentStatements(t.db, id, input(kept)));
    expect(await imageOf(id)).toBe(kept);
  });

  it('that cannot be had leaves the tile, is recorded, and is asked again a day later', async () => {
    const id = await added(`${site.url}/gone.png`);
    expect(await fetchPicture(t.db, id, open)).toBe('none');
    expect(await imageOf(id)).toBe('');
    expect(await fetchOf(id)).toEqual({ outcome: 'none', source: `${site.url}/gone.png` });
    expect(await givenPicturesDue(t.db, 10)).toEqual([]);
    expect(await givenPicturesDue(t.db, 10, new Date(Date.now() + 25 * 3_600_000))).toEqual([id]);
  });

  it('is exported as given while it waits, so the file imports the same', async () => {
    await added(`${site.url}/gone.png`);
    const records = [];
    for await (const page of exportCatalog(t.db)) records.push(...page);
    expect(records.map((record) => record.image)).toEqual([`${site.url}/gone.png`]);
  });

  it('given anew while the first is fetched: the first is not stored', async () => {
    const id = await added(`${site.url}/slow.png`);
    // The admin gives another one while the first is downloading: the first goes nowhere.
    const first = fetchPicture(t.db, id, open);
    await expect.poll(() => site.requests.some((r) => r.path === '/slow.png')).toBe(true);
    await t.db.batch(updateContentStatements(t.db, id, input(`${site.url}/gone.png`)));
    release();
    expect(await first).toBe('given');
    expect(await imageOf(id)).toBe('');
    expect(await fetchOf(id)).toEqual({ outcome: 'pending', source: `${site.url}/gone.png` });
  });
});

describe('the pictures job looking for given pictures due, every minute in every process', () => {
  it('reads them from their own index, not every content: a read of the whole catalog held a million-content server 0.67 s', async () => {
    const { sql, params } = givenPicturesDueQuery(t.db, 1).toSQL();
    const plan = await t.db.$client.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args: params as never });
    const steps = plan.rows.map((row) => String(row.detail));
    expect(steps.join('\n')).toContain('USING INDEX picture_fetches_given_due_idx');
    expect(steps.some((step) => step.startsWith('SCAN contents'))).toBe(false);
  });
});

describe('migration 0047 (pictures kept here)', () => {
  it('turns every image and suggested picture stored by another site’s address into a picture to fetch, the tile meanwhile', async () => {
    // A database as it was before 0047.
    const dir = mkdtempSync(join(tmpdir(), 'skillshelf-0047-'));
    const older = join(dir, 'migrations');
    cpSync(MIGRATIONS_FOLDER, older, { recursive: true });
    const journal = JSON.parse(readFileSync(join(older, 'meta/_journal.json'), 'utf8')) as {
      entries: Array<{ tag: string }>;
    };
    journal.entries = journal.entries.filter((entry) => entry.tag < '0047');
    writeFileSync(join(older, 'meta/_journal.json'), JSON.stringify(journal));
    const db = await openDb({ url: `file:${join(dir, 'old.db')}` });
    try {
      await migrate(db, { migrationsFolder: older });
      const [foreign, own, tile] = [newId(), newId(), newId()];
      // In SQL, as stored before (the schema module's contents have columns 0046 did not have).
      for (const [i, id] of [foreign, own, tile].entries())
        await db.run(
          sql`INSERT INTO contents (id, name, slug, url) VALUES (${id}, ${`Old ${i}`}, ${`old-${i}`}, ${`https://old-${i}.example.org/`})`,
        );
      await db.run(sql`UPDATE contents SET image = 'https://submitter.example.org/cover.png' WHERE id = ${foreign}`);
      await db.run(sql`UPDATE contents SET image = ${`/uploads/${'a'.repeat(64)}.png`} WHERE id = ${own}`);
      await db.run(
        sql`INSERT INTO submissions (id, name, slug, url, url_key, page_image) VALUES (${newId()}, 'Queued', 'queued', 'https://queued.example.org/', 'queued.example.org/', 'https://queued.example.org/og.png')`,
      );

      expect((await migrateDb(db)).applied[0]).toBe('0047_pictures_kept_here');
      const images = await db.all<{ id: string; image: string }>(sql`SELECT id, image FROM contents`);
      expect(Object.fromEntries(images.map((row) => [row.id, row.image]))).toEqual({
        [foreign]: '',
        [own]: `/uploads/${'a'.repeat(64)}.png`,
        [tile]: '',
      });
      expect(await db.all(sql`SELECT content_id, outcome, fetched_at, source FROM picture_fetches`)).toEqual([
        { content_id: foreign, outcome: 'pending', fetched_at: 0, source: 'https://submitter.example.org/cover.png' },
      ]);
      expect(await db.all(sql`SELECT page_image FROM submissions`)).toEqual([{ page_image: null }]);
      expect(await givenPicturesDue(db, 10)).toEqual([foreign]);
    } finally {
      db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

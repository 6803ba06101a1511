/**
 * A content's own picture instead of its letter tile (db/catalog/pictures.ts): its page's og:image, else the
 * site's icon, fetched when the link is submitted (and suggested to the admin from here), after an approval
 * that kept the tile, and by the link checker; stored here as a WebP of at most 640 px, and the tile kept when
 * the page offers no picture that can be read. The sites are this test's own servers.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDb } from '../cli/harness.ts';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, asUser, CATALOG_READY } from '../setup/actors.ts';
import { startLocalSite, type LocalSite } from '../setup/local-site.ts';
import { sqlRows } from '../setup/sql.ts';

const DEMO_USER = { email: 'grace@skillshelf.dev', password: 'skillshelf-demo' };
let adminToken: string;
let userToken: string;
const sites: LocalSite[] = [];
const sql = (statement: string, args: Array<string | number> = []) => sqlRows(server.dbUrl, statement, args);

const { server, api } = useServer({ env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });
beforeAll(async () => {
  adminToken = (await asAdmin(api)).token;
  userToken = (await asUser(api, DEMO_USER)).token;
});
afterAll(async () => {
  await Promise.all(sites.map((s) => s.close()));
});

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .png()
    .toBuffer();

/** A site whose page at / carries `head`, and serves `files` by path. */
async function site(
  head: (origin: string) => string,
  files: Record<string, { type: string; body: Buffer | string }> = {},
) {
  const s = await startLocalSite((req, res) => {
    const file = files[req.url ?? ''];
    if (file) return void res.writeHead(200, { 'content-type': file.type }).end(file.body);
    if (req.url === '/' || req.url === '/?own')
      return void res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<html><head>${head(s.url)}</head><body>Hi</body></html>`);
    res.writeHead(404).end();
  });
  sites.push(s);
  return s;
}

/**
 * Submits `url` and approves it with the image left blank (the suggestion stands). The page is read after the
 * submission's reply, its picture stored with it; the approval waits until the admin's screen has its title,
 * as the admin would (on a busy machine the page is read after the test's next request).
 */
async function approved(url: string): Promise<string> {
  const created = await api.call('submitLink', {
    body: { ...CATALOG_READY, url: `${url}/`, description: 'Pictures.' },
    token: userToken,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const forReview = async () =>
    (
      await api.call('getSubmission', {
        params: { id: created.body._id },
        token: adminToken,
      })
    ).body;
  await expect.poll(async () => (await forReview()).pageTitle, { timeout: 10_000 }).not.toBeNull();
  const submission = await forReview();
  const res = await api.call('approveSubmission', {
    params: { id: submission._id },
    body: { ...submission, image: '' },
    token: adminToken,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.content._id;
}

const stored = async (id: string) =>
  String((await sql('SELECT image FROM contents WHERE id = ?', [id]))[0]?.image ?? '');
const fetched = async (id: string) =>
  String((await sql('SELECT outcome FROM picture_fetches WHERE content_id = ?', [id]))[0]?.outcome ?? '');

describe('a content gets its own picture', () => {
  it("from its submission: the page's og:image, resized to a WebP of 640 px served from here", async () => {
    const cover = await png(1200, 630);
    const s = await site((origin) => `<title>Cover</title><meta property="og:image" content="${origin}/cover.png">`, {
      '/cover.png': { type: 'image/png', body: cover },
    });
    const id = await approved(s.url);
    // The approval publishes what the admin was offered: nothing is left to fetch.
    expect(await stored(id)).toMatch(/^\/uploads\/[0-9a-f]{64}\.webp$/);
    expect(await fetched(id)).toBe('');
    const image = await fetch(`${server.url}${await stored(id)}`);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 640, 336]);
    // The API and the page show it.
    const slug = String((await sql('SELECT slug FROM contents WHERE id = ?', [id]))[0]!.slug);
    expect(
      (
        await api.call('contentBySlug', {
          params: { slug },
        })
      ).body.image,
    ).toContain(await stored(id));
  });

  it("the site's icon when the page has no og:image; the tile when it has neither, or only what is no image", async () => {
    const icon = await site(
      () => '<title>Icon</title><link rel="icon" href="/favicon.ico"><link rel="apple-touch-icon" href="/touch.png">',
      {
        '/touch.png': { type: 'image/png', body: await png(180, 180) },
      },
    );
    const plain = await site(() => '<title>No picture</title>');
    const lying = await site(
      (origin) => `<title>Lying</title><meta property="og:image" content="${origin}/cover.png">`,
      {
        '/cover.png': { type: 'image/png', body: 'not an image' },
      },
    );
    const [withIcon, without, withJunk] = await Promise.all([
      approved(icon.url),
      approved(plain.url),
      approved(lying.url),
    ]);
    expect(await stored(withIcon)).toMatch(/\.webp$/);
    // No picture offered: the approval keeps the tile and asks the page again, recording what came of it.
    await expect.poll(() => fetched(without), { timeout: 10_000 }).toBe('none');
    await expect.poll(() => fetched(withJunk), { timeout: 10_000 }).toBe('none');
    expect(await stored(without)).toBe('');
    expect(await stored(withJunk)).toBe('');
  });

  it('from the link checker (`links check --pictures`), for a content that shows the tile, or one given by its address', async () => {
    const s = await site((origin) => `<meta property="og:image" content="${origin}/cover.png">`, {
      '/cover.png': { type: 'image/png', body: await png(800, 800) },
    });
    // A catalog of its own (the server's holds the demo's sites, unreachable here); imported: an import may
    // leave the image out (the tile), an admin's edit may not.
    const db = await tempDb();
    try {
      const file = join(db.dir, 'catalog.json');
      writeFileSync(
        file,
        JSON.stringify([
          { name: 'Checked tile', url: `${s.url}/`, description: 'Checked.' },
          { name: 'Checked own', url: `${s.url}/?own`, description: 'Checked.', image: `${s.url}/cover.png` },
        ]),
      );
      const env = { OUTBOUND_ALLOW_PRIVATE: 'true' };
      const imported = await runCli(db.url, ['import', file], env);
      expect(imported.code, imported.stderr + imported.stdout).toBe(0);
      const run = await runCli(db.url, ['links', 'check', '--json', '--pictures'], env);
      expect(run.code, run.stderr).toBe(0);
      // The one given by its address is fetched and kept here too.
      expect(JSON.parse(run.stdout).pictures).toEqual({ 'og:image': 1, icon: 0, given: 1, none: 0 });
      const rows = await db.query(
        'SELECT c.name, c.image, p.outcome FROM contents c LEFT JOIN picture_fetches p ON p.content_id = c.id ORDER BY c.name',
      );
      expect(rows.map((r) => [r.name, String(r.image).replace(/[0-9a-f]{64}/, 'HASH'), r.outcome])).toEqual([
        ['Checked own', '/uploads/HASH.webp', 'given'],
        ['Checked tile', '/uploads/HASH.webp', 'og:image'],
      ]);
      // A second check asks no site for a picture again.
      const again = await runCli(db.url, ['links', 'check', '--json', '--pictures'], env);
      expect(JSON.parse(again.stdout).pictures).toEqual({ 'og:image': 0, icon: 0, given: 0, none: 0 });
    } finally {
      await db.remove();
    }
  });
});

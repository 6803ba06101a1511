/**
 * An approved submission kept the submitter's og:image as the content's image, by its address: every
 * visitor's browser then asked the submitter's server for it (which could log each of them), and the
 * submitter could serve anything there once the admin had approved. The checker never fetched it again, as
 * it looks only at contents with no image. Now no content keeps another site's address as its picture: the
 * page's picture is fetched when the link is submitted (through the outbound policy), stored here, shown to
 * the reviewing admin from here and published as those very bytes; an image given by another site's address
 * (an admin's) is fetched and kept here, the letter tile showing until it is. The sites are this test's own
 * servers, which change their image after the approval.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, signUp, CATALOG_READY } from '../setup/actors.ts';
import { startLocalSite, type LocalSite } from '../setup/local-site.ts';
import { sqlRows } from '../setup/sql.ts';

let admin: string;
let user: string;
const sites: LocalSite[] = [];

// The submitters' sites are on this machine, which the outbound policy refuses unless told otherwise.
const { server, api } = useServer({ env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });
beforeAll(async () => {
  admin = (await asAdmin(api)).token;
  user = (await signUp(api, 'Submitter')).token;
});
afterAll(async () => {
  await Promise.all(sites.map((s) => s.close()));
});

const RED = { r: 200, g: 20, b: 20 };
const BLUE = { r: 20, g: 20, b: 200 };
const png = (colour: typeof RED) =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** A submitter's site: a page naming /cover.png as its picture, and the image it serves there now (`image.now`). */
async function submittersSite() {
  const image = { now: await png(RED) };
  const s = await startLocalSite((req, res) => {
    if (req.url === '/cover.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(image.now);
    if (req.url === '/') {
      const html = `<html><head><title>Swapped course</title><meta property="og:image" content="http://${req.headers.host}/cover.png"></head></html>`;
      return void res.writeHead(200, { 'content-type': 'text/html' }).end(html);
    }
    res.writeHead(404).end();
  });
  sites.push(s);
  return { site: s, image };
}

/** The colour of a picture as served at `url`: red or blue. */
async function colourAt(url: string): Promise<'red' | 'blue'> {
  const res = await fetch(url);
  expect(res.status, url).toBe(200);
  const { data } = await sharp(Buffer.from(await res.arrayBuffer()))
    .resize(1, 1)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return data[0]! > data[2]! ? 'red' : 'blue';
}

const isTile = (image: string) => image.includes('/images/placeholder/');

describe('a content’s picture', () => {
  it('is the one the approving admin saw, stored here: the submitter’s later image never reaches a visitor', async () => {
    const { site, image } = await submittersSite();
    const created = await api.call('submitLink', {
      body: { ...CATALOG_READY, url: `${site.url}/`, description: 'A course.' },
      token: user,
    });
    expect(created.status).toBe(201);
    // The page is read after the reply; the admin opens the submission once its picture is in.
    const review = async () =>
      (
        await api.call('getSubmission', {
          params: { id: created.body._id },
          token: admin,
        })
      ).body;
    await expect.poll(async () => isTile((await review()).image), { timeout: 10_000 }).toBe(false);
    const seen = await review();
    const approved = await api.call('approveSubmission', {
      params: { id: seen._id },
      body: seen,
      token: admin,
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(201);
    // The submitter now serves another image at the same address.
    image.now = await png(BLUE);
    const asked = site.requests.length;

    const slug = approved.body.content.slug as string;
    const shown = async () =>
      (
        await api.call('contentBySlug', {
          params: { slug },
        })
      ).body.image as string;
    expect(await shown()).toMatch(new RegExp(`^${server.url}/uploads/[0-9a-f]{64}\\.webp$`));
    // The very image the admin was shown, stored here.
    expect(await shown()).toBe(seen.image);
    expect(await colourAt(await shown())).toBe('red');
    const page = await (await fetch(`${server.url}/content/${slug}`)).text();
    expect(page).not.toContain(`${site.url}/cover.png`);
    expect(page).toContain(new URL(await shown()).pathname);
    // Whatever runs after the approval leaves it as it is; no visitor's page asks the submitter's site.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await shown()).toBe(seen.image);
    expect(await colourAt(await shown())).toBe('red');
    expect(site.requests.slice(asked).filter((r) => r.path === '/cover.png')).toEqual([]);
  });

  it('given by another site’s address, is fetched and kept here, never shown by that address', async () => {
    const { site, image } = await submittersSite();
    const content = (
      await api.call('searchContents', {
        query: { order: 'latest' },
      })
    ).body.contents[0];
    const given = `${site.url}/cover.png`;
    const edited = await api.call('saveContent', {
      params: { id: content._id },
      body: { ...content, image: given },
      token: admin,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.image).not.toBe(given);
    const stored = async () =>
      String((await sqlRows(server.dbUrl, 'SELECT image FROM contents WHERE id = ?', [content._id]))[0]!.image);
    expect(await stored()).not.toMatch(/^https?:/);
    await expect.poll(stored, { timeout: 10_000 }).toMatch(/^\/uploads\/[0-9a-f]{64}\.webp$/);
    const fetchRecord = await sqlRows(
      server.dbUrl,
      'SELECT outcome, source FROM picture_fetches WHERE content_id = ?',
      [content._id],
    );
    expect(fetchRecord).toEqual([{ outcome: 'given', source: given }]);
    image.now = await png(BLUE);
    expect(await colourAt(`${server.url}${await stored()}`)).toBe('red');
  });
});

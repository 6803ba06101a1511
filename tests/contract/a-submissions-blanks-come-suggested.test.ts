/**
 * The original client's edit screen requires a description, an image and a cost, and GET
 * /api/submissions/{id} answered "", "" and null for what the submitter left blank: the admin had to type
 * what the server could fill. A pending submission now comes with those blanks filled as its approval
 * fills them — the page's own og:description and og:image (read with its title, through the outbound
 * policy; the picture stored here and offered from here), else a line naming the link and the letter tile;
 * Free — and `suggested` names them, so our own screen can say they were not typed by the submitter.
 * Approving as it stands keeps them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, signUp, CATALOG_TAGS } from '../setup/actors.ts';
import sharp from 'sharp';
import { startLocalSite, type LocalSite } from '../setup/local-site.ts';
import { launchBrowser, withSignedInPage } from '../setup/browser.ts';

let admin: { token: string };
let user: { token: string };
let site: LocalSite;
// The submitted pages live on this machine, which the outbound policy refuses unless told otherwise.
const { server, api } = useServer({ env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });
beforeAll(async () => {
  admin = await asAdmin(api);
  user = await signUp(api, 'Blank Sender');
  const cover = await sharp({ create: { width: 120, height: 63, channels: 3, background: { r: 90, g: 40, b: 160 } } })
    .png()
    .toBuffer();
  site = await startLocalSite((req, res) => {
    if (req.url === '/cover.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(cover);
    const html = req.url?.startsWith('/described')
      ? '<html><head><title>Described Course</title><meta property="og:description" content="Learn &amp; practise parsing, step by step."><meta property="og:image" content="/cover.png"></head></html>'
      : '<html><head><title>Bare Course</title></head></html>';
    res.writeHead(200, { 'content-type': 'text/html' }).end(html);
  });
});
afterAll(async () => {
  await site?.close();
});

let n = 0;
async function submitted(path: string) {
  const sent = await api.call('submitLink', {
    body: { ...CATALOG_TAGS, url: `${site.url}${path}?n=${++n}` },
    token: user.token,
  });
  expect(sent.status).toBe(201);
  // The page is read after the reply: wait until its title is in.
  await expect
    .poll(
      async () =>
        (
          await api.call('getSubmission', {
            params: { id: sent.body._id },
            token: admin.token,
          })
        ).body.pageTitle,
      {
        timeout: 10_000,
      },
    )
    .not.toBeNull();
  return (
    await api.call('getSubmission', {
      params: { id: sent.body._id },
      token: admin.token,
    })
  ).body;
}

describe('a submission’s blanks, as the admin opens it', () => {
  it('come filled from the page’s own description and picture, with Free, and say they are suggested', async () => {
    const s = await submitted('/described');
    expect(s).toMatchObject({
      description: 'Learn & practise parsing, step by step.',
      image: expect.stringMatching(new RegExp(`^${server.url}/uploads/[0-9a-f]{64}\\.webp$`)),
      cost: 'Free',
      suggested: ['description', 'image', 'cost'],
    });
    expect(s.blankFields).toEqual(expect.arrayContaining(['description', 'cost']));
    // Approved as it stands (what the edit screen posts back), the content keeps them.
    const approved = await api.call('approveSubmission', {
      params: { id: s._id },
      body: s,
      token: admin.token,
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(201);
    expect(approved.body.content).toMatchObject({ description: s.description, image: s.image, cost: 'Free' });
  });

  it('come filled with a line naming the link and the letter tile when the page says nothing of itself', async () => {
    const s = await submitted('/bare');
    expect(s).toMatchObject({
      description: 'Bare Course — submitted by a Skillshelf user.',
      image: `${server.url}/images/placeholder/${s.slug}.svg`,
      cost: 'Free',
      suggested: ['description', 'image', 'cost'],
    });
  });

  it('are not suggested where the submitter typed them, nor on a decided submission', async () => {
    const sent = await api.call('submitLink', {
      body: { ...CATALOG_TAGS, url: `${site.url}/typed`, description: 'Typed by me.', cost: 'Paid' },
      token: user.token,
    });
    const { body: s } = await api.call('getSubmission', {
      params: { id: sent.body._id },
      token: admin.token,
    });
    expect(s).toMatchObject({ description: 'Typed by me.', cost: 'Paid', suggested: ['image'] });
    await api.call('rejectSubmission', {
      params: { id: s._id },
      token: admin.token,
    });
    expect(
      (
        await api.call('getSubmission', {
          params: { id: s._id },
          token: admin.token,
        })
      ).body,
    ).toMatchObject({
      status: 'rejected',
      suggested: [],
    });
  });

  it('our edit screen says which fields were filled in, not typed by the submitter', async () => {
    const s = await submitted('/described');
    const browser = await launchBrowser();
    try {
      await withSignedInPage(browser, server.url, DEMO_ADMIN, async (page) => {
        await page.goto(`/admin/submission/${s._id}`);
        const note = page.locator('[data-suggested-fields]');
        expect(await note.getAttribute('data-suggested-fields')).toBe('description image cost');
        expect(await note.textContent()).toContain('not typed by the submitter');
        expect(await page.locator('textarea[name="description"]').inputValue()).toBe(
          'Learn & practise parsing, step by step.',
        );
      });
    } finally {
      await browser.close();
    }
  });
});

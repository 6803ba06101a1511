/**
 * The original client stores its own asset path as a content's image ("/images/default.png"). We answered
 * it as http://HOST/images/default.png: a 404 here, and a broken image in that client. A path of another
 * site is now kept and answered as sent, and our own pages show the letter tile where it cannot load;
 * our own paths (uploads, the tile) are still answered as absolute URLs.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../setup/use-server.ts';
import { asAdmin } from '../setup/actors.ts';

let admin: { token: string };
const { server, api } = useServer();
beforeAll(async () => {
  admin = await asAdmin(api);
});

describe('an image path of another site', () => {
  it('is answered as sent, and our content page shows the letter tile instead of a broken image', async () => {
    const { body: page } = await api.call('searchContents');
    const { body: content } = await api.call('getContent', {
      params: { id: page.contents[0]._id },
      token: admin.token,
    });
    const saved = await api.call('saveContent', {
      params: { id: content._id },
      body: { ...content, image: '/images/default.png' },
      token: admin.token,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.image).toBe('/images/default.png');
    expect(
      (
        await api.call('getContent', {
          params: { id: content._id },
          token: admin.token,
        })
      ).body.image,
    ).toBe('/images/default.png');
    expect(
      JSON.stringify(
        (
          await api.call('contentBySlug', {
            params: { slug: content.slug },
          })
        ).body,
      ),
    ).toContain('"image":"/images/default.png"');

    const html = await (await fetch(`${server.url}/content/${content.slug}`)).text();
    expect(html).not.toContain('/images/default.png');
    expect(html).toContain('data-placeholder');
  });

  it('leaves our own paths absolute: an upload, and the tile of a content with no image', async () => {
    const { body: page } = await api.call('searchContents');
    const { body: content } = await api.call('getContent', {
      params: { id: page.contents[1]._id },
      token: admin.token,
    });
    const upload = `/uploads/${'a'.repeat(64)}.png`;
    expect(
      (
        await api.call('saveContent', {
          params: { id: content._id },
          body: { ...content, image: upload },
          token: admin.token,
        })
      ).body.image,
    ).toBe(`${server.url}${upload}`);
    const tile = `/images/placeholder/${content.slug}.svg`;
    const cleared = await api.call('saveContent', {
      params: { id: content._id },
      body: { ...content, image: tile },
      token: admin.token,
    });
    expect(cleared.body.image).toBe(`${server.url}${tile}`);
    // A blank image is refused as the document says (minLength 1): the form offers the tile instead.
    expect(
      await api.call('saveContent', {
        params: { id: content._id },
        body: { ...content, image: '' },
        token: admin.token,
      }),
    ).toMatchObject({
      status: 400,
      body: { message: 'Image is required' },
    });
  });

  it('the document says an admin’s image is required: no blank string passes its schema', async () => {
    const doc = await (await fetch(`${server.url}/api/openapi.json`)).json();
    expect(doc.components.schemas.ContentInput.properties.image).toMatchObject({ type: 'string', minLength: 1 });
  });
});

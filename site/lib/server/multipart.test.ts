import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { boundaryOf, multipartField } from './multipart.ts';

/** A body as a browser's form sends it (undici writes what browsers write), and its content type. */
async function encoded(form: FormData): Promise<{ body: Uint8Array; type: string }> {
  const response = new Response(form);
  return { body: new Uint8Array(await response.arrayBuffer()), type: response.headers.get('content-type')! };
}

describe('a multipart/form-data body', () => {
  it('gives a file field its exact bytes, whatever they hold, beside other fields', async () => {
    const bytes = randomBytes(300_000);
    // Bytes that look like a line break and a boundary's dashes inside the file.
    bytes.set(Buffer.from('\r\n--\r\n\r\n'), 1000);
    const form = new FormData();
    form.set('note', 'before');
    form.set('file', new Blob([bytes], { type: 'image/png' }), 'picture.png');
    form.set('after', 'after');
    const { body, type } = await encoded(form);
    const part = multipartField(body, type, 'file');
    expect(part?.isFile).toBe(true);
    expect(Buffer.from(part!.bytes).equals(bytes)).toBe(true);
  });

  it('tells a text value from a file, and answers undefined for a field it lacks', async () => {
    const form = new FormData();
    form.set('file', 'just text');
    const { body, type } = await encoded(form);
    const part = multipartField(body, type, 'file');
    expect(part?.isFile).toBe(false);
    expect(Buffer.from(part!.bytes).toString()).toBe('just text');
    expect(multipartField(body, type, 'other')).toBeUndefined();
  });

  it('reads an empty file, and a field whose name another field ends with', async () => {
    const form = new FormData();
    form.set('profile', new Blob(['x']), 'a.txt');
    form.set('file', new Blob([]), 'empty.png');
    const { body, type } = await encoded(form);
    expect(multipartField(body, type, 'file')).toEqual({ bytes: new Uint8Array(), isFile: true });
  });

  it('takes a quoted boundary and a body opened by a preamble', () => {
    const text =
      'preamble\r\n--a b\r\nContent-Disposition: form-data; name="file"; filename="x.txt"\r\n\r\nhello\r\n--a b--\r\n';
    const part = multipartField(Buffer.from(text), 'multipart/form-data; boundary="a b"', 'file');
    expect(Buffer.from(part!.bytes).toString()).toBe('hello');
    expect(boundaryOf('multipart/form-data; charset=utf-8; boundary=xyz')).toBe('xyz');
  });

  it('refuses a body without its boundary or cut short, with a 400', () => {
    const type = 'multipart/form-data; boundary=xyz';
    const cut = '--xyz\r\nContent-Disposition: form-data; name="file"; filename="x"\r\n\r\nno end';
    for (const [body, contentType] of [
      ['anything', 'multipart/form-data'],
      ['no delimiter at all', type],
      [cut, type],
      ['--xyz\r\nContent-Disposition: form-data; name="file"', type],
    ] as const)
      expect(() => multipartField(Buffer.from(body), contentType, 'file')).toThrow(
        expect.objectContaining({ code: 'VALIDATION', message: 'The upload is not valid multipart/form-data' }),
      );
  });
});

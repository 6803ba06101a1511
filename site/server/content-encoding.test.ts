import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, compressVariants, type Encoding } from './content-encoding.ts';

const ALL: Encoding[] = ['br', 'gzip', 'identity'];

describe('the encoding a response is sent in', () => {
  it('what browsers send gets brotli; a client that names only gzip gets gzip', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd', ALL)).toBe('br');
    expect(chooseEncoding('gzip, deflate', ALL)).toBe('gzip');
    expect(chooseEncoding('x-gzip', ALL)).toBe('gzip');
    expect(chooseEncoding('GZIP', ALL)).toBe('gzip');
  });

  it('no header, an empty one, or only codings we do not keep: the body as it is', () => {
    expect(chooseEncoding(undefined, ALL)).toBe('identity');
    expect(chooseEncoding('', ALL)).toBe('identity');
    expect(chooseEncoding('deflate, zstd', ALL)).toBe('identity');
    expect(chooseEncoding('identity', ALL)).toBe('identity');
  });

  it('q-values rank the codings, and q=0 refuses one', () => {
    expect(chooseEncoding('br;q=0.5, gzip;q=0.8', ALL)).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip', ALL)).toBe('gzip');
    expect(chooseEncoding('br ; q=0.9 , gzip ; q=0.9', ALL)).toBe('br');
    expect(chooseEncoding('gzip;q=0.001, identity;q=0', ALL)).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0', ALL)).toBe('identity');
  });

  it('* stands for every coding not named', () => {
    expect(chooseEncoding('*', ALL)).toBe('br');
    expect(chooseEncoding('br;q=0, *', ALL)).toBe('gzip');
    expect(chooseEncoding('*;q=0, identity', ALL)).toBe('identity');
    expect(chooseEncoding('*;q=0.5, identity', ALL)).toBe('identity');
  });

  it('only what the response is kept in can be chosen', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd', ['identity'])).toBe('identity');
    expect(chooseEncoding('br', ['gzip', 'identity'])).toBe('identity');
  });
});

describe('the encodings a stored body is kept in', () => {
  it('br and gzip that decompress to the body, smaller than it', async () => {
    const body = new TextEncoder().encode('<li class="card">a learning resource</li>\n'.repeat(300));
    const variants = await compressVariants(body);
    expect(Object.keys(variants).sort()).toEqual(['br', 'gzip', 'identity']);
    expect(Buffer.from(brotliDecompressSync(variants.br!))).toEqual(Buffer.from(body));
    expect(Buffer.from(gunzipSync(variants.gzip!))).toEqual(Buffer.from(body));
    expect(variants.br!.byteLength).toBeLessThan(body.byteLength / 10);
  });

  it('a small body only as it is', async () => {
    expect(Object.keys(await compressVariants(new TextEncoder().encode('<p>tiny</p>')))).toEqual(['identity']);
  });
});

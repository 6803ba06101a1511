import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipInPieces } from './gzip-pieces.ts';

const bytes = (text: string) => Buffer.from(text);
const page = (counts: number[]) =>
  bytes(
    `<!DOCTYPE html><header>${'<a href="/x">nav</a>'.repeat(200)}</header><aside>${counts
      .map((count, i) => `<a data-count="${count}">Option ${i} (${count})</a>`)
      .join('')}</aside><main>${'<article>card</article>'.repeat(300)}</main>`,
  );
/** Where the counts lie in a page: from the aside's start to its end. */
const spanOf = (body: Buffer): [number, number] => [body.indexOf('<aside>'), body.indexOf('</aside>')];

describe('a gzip variant in pieces', () => {
  it('is one gzip member a client inflates to the body, whatever the span', async () => {
    const body = page([5, 10, 120]);
    for (const span of [spanOf(body), [0, body.length], [0, 0], [body.length, body.length], [3, 4]] as const) {
      const { bytes: gzipped } = await gzipInPieces(body, span);
      expect(gunzipSync(gzipped).equals(body)).toBe(true);
    }
  });

  it('patched again in the same span, reuses the pieces around it and still inflates to the new body', async () => {
    const first = page([5, 10, 120]);
    const made = await gzipInPieces(first, spanOf(first));
    const second = page([6, 10, 1200]);
    const again = await gzipInPieces(second, spanOf(second), made.pieces);
    expect(again.pieces.before).toBe(made.pieces.before);
    expect(again.pieces.after).toBe(made.pieces.after);
    expect(gunzipSync(again.bytes).equals(second)).toBe(true);
  });

  it('compresses every piece again when the span moved', async () => {
    const first = page([5, 10, 120]);
    const made = await gzipInPieces(first, spanOf(first));
    const [start, end] = spanOf(first);
    const again = await gzipInPieces(first, [start + 1, end], made.pieces);
    expect(again.pieces.before).not.toBe(made.pieces.before);
    expect(gunzipSync(again.bytes).equals(first)).toBe(true);
  });

  it('weighs about what the whole body gzipped at once does', async () => {
    const body = page([5, 10, 120]);
    const { bytes: gzipped } = await gzipInPieces(body, spanOf(body));
    expect(gzipped.length).toBeLessThan(gzipSync(body, { level: 6 }).length + 64);
  });
});

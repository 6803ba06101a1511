import { describe, expect, it } from 'vitest';
import { hasParts, partMarks, withParts } from './page-parts.ts';

const marked = (name: string, inside: string) => partMarks(name).join(inside);
const bytes = (text: string) => Buffer.from(text);
const text = (body: Uint8Array | undefined) => (body ? Buffer.from(body).toString() : undefined);

describe('a page with its marked pieces replaced by those of a part', () => {
  const page = `<head>${marked('data', '{"n":1}')}</head><p>${marked('rating', '1 review')}</p><ul>${marked('list', '<li>a</li>')}</ul>`;

  it('puts each piece of the part in place of the page’s, leaving the rest byte for byte', () => {
    const part = `${marked('data', '{"n":2}')}${marked('rating', '2 reviews')}${marked('list', '<li>b</li><li>a</li>')}<script></script>`;
    expect(text(withParts(bytes(page), bytes(part)))).toBe(
      `<head>${marked('data', '{"n":2}')}</head><p>${marked('rating', '2 reviews')}</p><ul>${marked('list', '<li>b</li><li>a</li>')}</ul>`,
    );
  });

  it('keeps multi-byte text whole', () => {
    const part = `${marked('data', '{"n":"é"}')}${marked('rating', '2 “reviews”')}${marked('list', '<li>日本</li>')}`;
    expect(text(withParts(bytes(page), bytes(part)))).toContain('<li>日本</li><!--/part:list--></ul>');
  });

  it('refuses a part that marks other pieces, fewer, or one twice, and a mark left open', () => {
    expect(withParts(bytes(page), bytes(`${marked('data', 'x')}${marked('rating', 'y')}`))).toBeUndefined();
    expect(
      withParts(bytes(page), bytes(`${marked('data', 'x')}${marked('rating', 'y')}${marked('stars', 'z')}`)),
    ).toBeUndefined();
    expect(
      withParts(bytes(page), bytes(`${marked('data', 'x')}${marked('data', 'y')}${marked('list', 'z')}`)),
    ).toBeUndefined();
    expect(
      withParts(bytes(page), bytes(`${marked('data', 'x')}${marked('rating', 'y')}<!--part:list-->`)),
    ).toBeUndefined();
  });

  it('says whether a rendered page has pieces to replace', () => {
    expect(hasParts(bytes(page))).toBe(true);
    expect(hasParts(bytes('<p>no pieces</p>'))).toBe(false);
    expect(hasParts(bytes('<p><!--part:open</p>'))).toBe(false);
  });
});

/** The generated tile shown for a content without an image. Imports nothing (browser-safe). */

export interface PlaceholderTile {
  /** The name's first letter or digit, upper-cased; '?' when it has none. */
  letter: string;
  /** The tile's background, a CSS colour derived from the name: the same name always gets the same colour. */
  background: string;
}

/** FNV-1a over the name's UTF-16 code units: tiny, stable across runs and platforms. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export function placeholderTile(name: string): PlaceholderTile {
  const letter = /[\p{L}\p{N}]/u.exec(name)?.[0]?.toLocaleUpperCase('en') ?? '?';
  // One lightness and chroma for every hue (OKLCH is perceptually even), dark enough that the white letter
  // keeps a contrast above 7:1 whatever the hue.
  const hue = hash(name.trim().toLowerCase()) % 360;
  return { letter, background: `oklch(0.45 0.12 ${hue})` };
}

const escapeXmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The tile as a standalone SVG file (what the API's image URL of a content without an image serves). */
export function placeholderSvg(name: string): string {
  const tile = placeholderTile(name);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 90" width="640" height="360">',
    `<rect width="160" height="90" fill="${tile.background}"/>`,
    `<text x="80" y="47" fill="#fff" font-size="44" font-weight="700" font-family="system-ui, sans-serif" text-anchor="middle" dominant-baseline="central">${escapeXmlText(tile.letter)}</text>`,
    '</svg>',
  ].join('');
}

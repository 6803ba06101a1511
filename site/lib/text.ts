/** Text helpers for page metadata. Imports nothing (browser-safe). */

/**
 * A summary of at most `max` characters for meta descriptions: whitespace collapsed, cut at a word boundary
 * with an ellipsis when the text is longer.
 */
export function summarize(text: string, max = 155): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  // Ends on a whole word when the next character is a space; else back to the last space, unless that
  // would throw away most of the text (one very long word).
  const base = clean[max - 1] === ' ' || space <= max * 0.6 ? cut : cut.slice(0, space);
  return `${base.replace(/[\s,.;:!?—–-]+$/, '')}…`;
}

/** The date part of an ISO timestamp, as docs/product.md#pages shows review dates (its first 10 characters). */
export const isoDay = (timestamp: string) => timestamp.slice(0, 10);

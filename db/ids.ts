import { encodeHexLowerCase } from '@oslojs/encoding';

/** A new random id: 24 lowercase hex characters (96 bits), the shape API clients know from `_id`. */
export function newId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return encodeHexLowerCase(bytes);
}

export const isId = (value: string): boolean => /^[0-9a-f]{24}$/.test(value);

/**
 * Ids for the contents an import creates, in increasing order: the time in seconds, a random part for this
 * import, then a counter (the layout of MongoDB's ObjectIds, 24 hex digits like newId()). Random ids land
 * all over the indexes that start with the id (contents' id, content_tags' primary key and (kind, value,
 * content_id)), so each batch rewrites thousands of index pages; increasing ones append. Measured on 50k
 * contents: the tag inserts took 9.2 s with random ids, 3.2 s with these.
 */
export function orderedIds(): { next: () => string } {
  const run = newId().slice(0, 8);
  let counter = 0;
  return {
    next: () =>
      `${Math.floor(Date.now() / 1000)
        .toString(16)
        .padStart(8, '0')
        .slice(-8)}${run}${(counter++ % 0x100000000).toString(16).padStart(8, '0')}`,
  };
}
